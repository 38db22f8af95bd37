/** Check letters of the Spanish DNI/NIE: the number modulo 23 indexes this string. */
const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export function dniCheckLetter(digits: number): string {
  return CHECK_LETTERS.charAt(digits % 23);
}

/** 8 digits and the matching modulo-23 letter (case-insensitive). */
export function isValidDni(value: string): boolean {
  const match = /^(\d{8})([A-Z])$/i.exec(value);
  if (!match) return false;
  return dniCheckLetter(Number(match[1])) === match[2]?.toUpperCase();
}

/** X, Y or Z, 7 digits and the check letter computed with X=0, Y=1, Z=2. */
export function isValidNie(value: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/i.exec(value);
  if (!match) return false;
  const prefix = 'XYZ'.indexOf((match[1] ?? '').toUpperCase());
  return dniCheckLetter(Number(`${prefix}${match[2]}`)) === match[3]?.toUpperCase();
}

/** ES and 22 digits, once spaces are removed, case-insensitive. */
export function isValidSpanishIban(value: string): boolean {
  return /^ES\d{22}$/i.test(value.replace(/\s+/g, ''));
}

export function isValidPostalCode(value: string): boolean {
  return /^\d{5}$/.test(value.replace(/\s+/g, ''));
}

/** An optional plus and digits only, once spaces are removed. */
export function isValidPhone(value: string): boolean {
  return /^\+?\d+$/.test(value.replace(/\s+/g, ''));
}

export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
