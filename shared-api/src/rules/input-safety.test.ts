import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_TEXT_LENGTH } from './input-safety';

describe('input safety (every request, both sides)', () => {
  it.each([
    ['a NUL byte', { fullName: 'Ana\u0000' }, 'fullName'],
    ['a bell in a nested field', { product: { name: 'Box\u0007' } }, 'product.name'],
    ['DEL', { city: 'Ronda\u007f' }, 'city'],
    ['text beyond any field', { address: 'x'.repeat(MAX_TEXT_LENGTH + 1) }, 'address'],
    ['2^31', { numberProductsRequired: 2 ** 31 }, 'numberProductsRequired'],
    ['1e308', { volumeRequested: 1e308 }, 'volumeRequested'],
    ['a control character in a key', { 'a\u0000': 1 }, '(key)'],
    ['an array item', { list: ['ok', 'no\u0000'] }, 'list.1'],
  ])('refuses %s', (_name, body, field) => {
    expect(findUnsafeInput(body)?.field).toBe(field);
  });

  it('accepts ordinary text with accents, line breaks and tabs, and ordinary numbers', () => {
    expect(
      findUnsafeInput({ fullName: 'José Núñez', message: 'línea 1\nlínea 2\tfin\r\n', m3: 1.5, n: -3 }),
    ).toBeNull();
    expect(findUnsafeInput(null)).toBeNull();
  });
});
