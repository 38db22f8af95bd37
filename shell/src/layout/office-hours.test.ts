import { describe, expect, it } from 'vitest';
import { officeDays } from './office-hours';

describe('office days, as said', () => {
  it('a run of days is a range, other days a list, in each language', () => {
    expect(officeDays([1, 2, 3, 4, 5, 6], 'es')).toBe('de lunes a sábado');
    expect(officeDays([1, 2, 3, 4, 5, 6], 'en')).toBe('Monday to Saturday');
    expect(officeDays([5, 1, 3], 'es')).toBe('lunes, miércoles y viernes');
    expect(officeDays([6, 7], 'en')).toBe('Saturday and Sunday');
    expect(officeDays([1, 2, 3, 4, 5, 6, 7], 'es')).toBe('todos los días');
    expect(officeDays([3], 'en')).toBe('Wednesday');
  });
});
