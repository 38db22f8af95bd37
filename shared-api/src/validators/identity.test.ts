import { describe, expect, it } from 'vitest';
import { isValidDni, isValidEmail, isValidNie, isValidPhone, isValidPostalCode, isValidSpanishIban } from './identity';

describe('identity validators', () => {
  it('checks the DNI letter modulo 23', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('12345678z')).toBe(true);
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
  });
  it('checks the NIE with its X/Y/Z prefix', () => {
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
    expect(isValidNie('X1234567A')).toBe(false);
    expect(isValidNie('A1234567L')).toBe(false);
  });
  it('accepts ES plus 22 digits, spaces and case ignored', () => {
    expect(isValidSpanishIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidSpanishIban('es9121000418450200051332')).toBe(true);
    expect(isValidSpanishIban('FR9121000418450200051332')).toBe(false);
    expect(isValidSpanishIban('ES912100041845020005133')).toBe(false);
  });
  it('checks postal code, phone and e-mail', () => {
    expect(isValidPostalCode('29680')).toBe(true);
    expect(isValidPostalCode('2968')).toBe(false);
    expect(isValidPhone('+34 600 000 000')).toBe(true);
    expect(isValidPhone('600-000')).toBe(false);
    expect(isValidEmail('ana@example.com')).toBe(true);
    expect(isValidEmail('ana@example')).toBe(false);
  });
});
