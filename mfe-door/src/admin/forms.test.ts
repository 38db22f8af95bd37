import { describe, expect, it } from 'vitest';
import { focusAfterRemoval, missingFields } from './forms';

describe('user forms', () => {
  it('lists the missing required fields in form order (box is optional)', () => {
    expect(missingFields({ usuario: ' ', pin: '', contraseña: '', box: '' })).toEqual(['usuario', 'pin', 'contraseña']);
    expect(missingFields({ usuario: 'ana', pin: '', contraseña: 'x', box: '' })).toEqual(['pin']);
    expect(missingFields({ usuario: 'ana', pin: '1234', contraseña: 'x', box: '' })).toEqual([]);
  });

  it('moves the focus to the next row after a removal, else the previous, else nowhere', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'b')).toBe('c');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'c')).toBe('b');
    expect(focusAfterRemoval(['a'], 'a')).toBeNull();
    expect(focusAfterRemoval(['a'], 'z')).toBeNull();
  });
});
