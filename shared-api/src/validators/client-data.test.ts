import { describe, expect, it } from 'vitest';
import { STORED_TEST_APPLICANT } from '../testing/applicant';
import {
  type ClientData,
  cifWarning,
  normaliseClientData,
  normaliseClientInput,
  normalisePhone,
  validateClientData,
  validateClientField,
} from './client-data';
import { hasValidIbanChecksum, isPlausibleCif } from './identity';

const valid: ClientData = STORED_TEST_APPLICANT;

describe('client-data rules', () => {
  it('accepts a complete individual', () => {
    expect(validateClientData(valid)).toEqual({});
  });

  it('reports every required field with the spec message key', () => {
    const empty: ClientData = {
      ...valid,
      clientType: 'company',
      fullName: ' ',
      documentNumber: '',
      email: '',
      phone: '+34',
      address: '',
      city: '',
      postalCode: '',
      iban: '',
    };
    expect(validateClientData(empty)).toEqual({
      fullName: 'fullNameRequired',
      companyName: 'companyNameRequired',
      cif: 'cifRequired',
      documentNumber: 'documentNumberRequired',
      email: 'emailRequired',
      phone: 'phoneRequired',
      address: 'addressRequired',
      city: 'cityRequired',
      postalCode: 'postalCodeRequired',
      iban: 'ibanRequired',
    });
  });

  it.each([
    ['dni', '12345678Z', null],
    ['dni', '12345678A', 'invalidDni'],
    ['dni', 'X1234567L', 'invalidDni'],
    ['nie', 'X1234567L', null],
    ['nie', 'x1234567l', null],
    ['nie', 'X1234567A', 'invalidNie'],
    ['nie', '12345678Z', 'invalidNie'],
  ] as const)('%s %s → %s', (documentType, documentNumber, expected) => {
    expect(validateClientField('documentNumber', { ...valid, documentType, documentNumber })).toBe(expected);
  });

  it.each([
    ['ana@example', 'invalidEmail'],
    ['ana example.com', 'invalidEmail'],
    ['ana@example.com', null],
  ])('email %s → %s', (email, expected) => {
    expect(validateClientField('email', { ...valid, email })).toBe(expected);
  });

  it.each([
    ['+34 600 123 456', null],
    ['600123456', null],
    ['+34-600', 'invalidPhone'],
    ['+34abc', 'invalidPhone'],
  ])('phone %s → %s', (phone, expected) => {
    expect(validateClientField('phone', { ...valid, phone })).toBe(expected);
  });

  it.each([
    ['29400', null],
    ['2940', 'invalidPostalCode'],
    ['29400a', 'invalidPostalCode'],
  ])('postal code %s → %s', (postalCode, expected) => {
    expect(validateClientField('postalCode', { ...valid, postalCode })).toBe(expected);
  });

  it.each([
    ['ES91 2100 0418 4502 0005 1332', null],
    ['es9121000418450200051332', null],
    // Right shape, one digit mistyped: the mod-97 check catches it.
    ['ES9121000418450200051333', 'invalidIban'],
    ['FR1420041010050500013M02606', 'invalidIban'],
    ['ES912100041845020005133', 'invalidIban'],
  ])('IBAN %s → %s', (iban, expected) => {
    expect(validateClientField('iban', { ...valid, iban })).toBe(expected);
  });

  it('ignores company fields for individuals', () => {
    expect(validateClientField('cif', valid)).toBeNull();
    expect(validateClientField('companyName', valid)).toBeNull();
  });
});

describe('input handling', () => {
  it('strips spaces from cif, document number, postal code and IBAN only', () => {
    expect(normaliseClientInput('iban', 'ES91 2100 0418')).toBe('ES9121000418');
    expect(normaliseClientInput('documentNumber', '1234 5678Z')).toBe('12345678Z');
    expect(normaliseClientInput('postalCode', '29 400')).toBe('29400');
    expect(normaliseClientInput('cif', 'B 1234')).toBe('B1234');
    expect(normaliseClientInput('address', 'Calle  Real 1')).toBe('Calle  Real 1');
  });

  it('keeps a plus at the start of the phone, +34 when empty', () => {
    expect(normalisePhone('')).toBe('+34');
    expect(normalisePhone('  ')).toBe('+34');
    expect(normalisePhone('600 123 456')).toBe('+600123456');
    expect(normalisePhone('+34 600 123 456')).toBe('+34600123456');
    expect(normaliseClientInput('phone', '+44 20 7946')).toBe('+44207946');
    // Typed over the prefilled prefix: the number typed counts, not "+34+34…".
    expect(normaliseClientInput('phone', '+34+34 611')).toBe('+34611');
    expect(normaliseClientInput('phone', '+34+44 20')).toBe('+4420');
  });

  it('normalises what is stored: trimmed, upper-cased identifiers, no company data for individuals', () => {
    expect(
      normaliseClientData({
        ...valid,
        fullName: '  Ana  ',
        documentNumber: '12345678z',
        iban: 'es91 2100 0418 4502 0005 1332',
        companyName: 'Leftover SL',
        cif: 'B1',
      }),
    ).toMatchObject({
      fullName: 'Ana',
      documentNumber: '12345678Z',
      iban: 'ES9121000418450200051332',
      companyName: '',
      cif: '',
    });
  });
});

describe('IBAN checksum and CIF warning', () => {
  it('checks IBANs of other countries too', () => {
    expect(hasValidIbanChecksum('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(hasValidIbanChecksum('GB82 WEST 1234 5698 7654 33')).toBe(false);
  });

  it('recognises a CIF control digit or letter', () => {
    expect(isPlausibleCif('B12345674')).toBe(true);
    expect(isPlausibleCif('B12345675')).toBe(false);
    expect(isPlausibleCif('Q2826000H')).toBe(true);
    expect(isPlausibleCif('Q28260008')).toBe(false);
    expect(isPlausibleCif('12345678Z')).toBe(false);
  });

  it('warns about an implausible CIF of a company, never blocks', () => {
    const company: ClientData = { ...valid, clientType: 'company', companyName: 'Trasteros SL', cif: 'B12345675' };
    expect(cifWarning(company)).toBe(true);
    expect(validateClientField('cif', company)).toBeNull();
    expect(cifWarning({ ...company, cif: 'B12345674' })).toBe(false);
    expect(cifWarning({ ...company, clientType: 'individual' })).toBe(false);
  });
});
