import { describe, expect, it } from 'vitest';
import { maskEmail, maskIban, maskPhone } from './masking';

describe('masking contacts', () => {
  it('keeps two characters of an e-mail and its domain', () => {
    expect(maskEmail('ana.garcia@example.com')).toBe('an********@example.com');
    expect(maskEmail('jo@x.es')).toBe('jo*@x.es');
    expect(maskEmail('a@x.es')).toBe('a*@x.es');
  });

  it('keeps the country code and the last three digits of a phone', () => {
    expect(maskPhone('+34600123456')).toBe('+34\u00a0•••\u00a0•••\u00a0456');
    expect(maskPhone('+4915112345678')).toBe('+\u00a0•••\u00a0•••\u00a0678');
    expect(maskPhone('+34600123456')).not.toContain('600123');
  });
});

describe('maskIban', () => {
  it('keeps the country, check digits and last four digits only', () => {
    expect(maskIban('ES91 2100 0418 4502 0005 1332')).toBe('ES91\u00a0••••\u00a01332');
    expect(maskIban('es9121000418450200051332')).toBe('ES91\u00a0••••\u00a01332');
    expect(maskIban('ES91')).toBe('••••');
  });
});
