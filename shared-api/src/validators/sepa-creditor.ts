import { mod97 } from './identity';

/**
 * A SEPA creditor identifier (EPC262-08): country, two check digits, a three-character business
 * code the check ignores, and the national id (in Spain the NIF). The check digits are ISO 7064
 * MOD 97-10 over the national id followed by the country and "00".
 */
export function creditorIdentifier(nationalId: string, { country = 'ES', businessCode = '000' } = {}): string {
  const id = nationalId.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const check = String(98 - mod97(`${id}${country}00`)).padStart(2, '0');
  return `${country}${check}${businessCode}${id}`;
}

export function isValidCreditorIdentifier(value: string): boolean {
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(value);
  if (!match) return false;
  const [, country = '', check = '', businessCode = '', id = ''] = match;
  return creditorIdentifier(id, { country, businessCode }).slice(2, 4) === check;
}
