import { describe, expect, it } from 'vitest';
import { sameName } from './same-name';

describe('the name typed to sign', () => {
  it('is the registered one whatever the case, accents, punctuation or spaces', () => {
    expect(sameName('ana  garcia', 'Ana García')).toBe(true);
    expect(sameName('NÚÑEZ-PÉREZ, José', 'Núñez Pérez José')).toBe(true);
  });

  it('is not another name, a part of it, or nothing', () => {
    expect(sameName('Mickey Mouse', 'Ana García')).toBe(false);
    expect(sameName('Ana', 'Ana García')).toBe(false);
    expect(sameName('  ', 'Ana García')).toBe(false);
  });
});
