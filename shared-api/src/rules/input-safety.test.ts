import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_TEXT_LENGTH, normalisedInput } from './input-safety';

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
    ['a C1 control', { usuario: 'ana\u0085' }, 'usuario'],
    ['a line separator', { address: 'Calle 1\u2028Piso 2' }, 'address'],
    ['a paragraph separator', { city: 'Ronda\u2029' }, 'city'],
    ['a right-to-left override', { usuario: '\u202enimda' }, 'usuario'],
    ['a bidi isolate', { fullName: 'Ana\u2066x\u2069' }, 'fullName'],
    ['a lone high surrogate', { usuario: '\ud83dFZ' }, 'usuario'],
    ['a lone low surrogate', { usuario: 'x\ude00' }, 'usuario'],
  ])('refuses %s', (_name, body, field) => {
    expect(findUnsafeInput(body)?.field).toBe(field);
  });

  it('accepts ordinary text with accents, line breaks and tabs, and ordinary numbers', () => {
    expect(
      findUnsafeInput({ fullName: 'José Núñez', message: 'línea 1\nlínea 2\tfin\r\n', m3: 1.5, n: -3 }),
    ).toBeNull();
    expect(findUnsafeInput(null)).toBeNull();
    // A pair is a character (an emoji), not a lone half.
    expect(findUnsafeInput({ message: 'Gracias 😀' })).toBeNull();
  });

  it('composes every string, keys too, to NFC', () => {
    const decomposed = 'Jose\u0301 Nu\u0301n\u0303ez';
    const normalised = normalisedInput({ fullName: decomposed, list: [decomposed], n: 1, ['cafe\u0301']: true });
    expect(normalised).toEqual({ fullName: 'José Núñez', list: ['José Núñez'], n: 1, café: true });
    expect(normalised.fullName).toHaveLength(10);
    expect(decomposed).toHaveLength(13);
  });
});
