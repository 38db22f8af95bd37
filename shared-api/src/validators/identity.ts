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

/** ES and 22 digits, once spaces are removed, case-insensitive (the spec's rule). */
export function isValidSpanishIban(value: string): boolean {
  return /^ES\d{22}$/i.test(value.replace(/\s+/g, ''));
}

/** ISO 7064 MOD 97-10 of letters and digits: letters count as numbers (A=10…Z=35). */
export function mod97(value: string): number {
  let remainder = 0;
  for (const char of value.toUpperCase()) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * ISO 13616 check digits: the country and check digits move to the end, letters become
 * numbers and the whole number modulo 97 must be 1. Catches a mistyped digit, which the
 * format rule alone lets through.
 */
export function hasValidIbanChecksum(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
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

/**
 * Spanish CIF (company tax id): a letter, 7 digits and a control character computed from the
 * digits. The spec requires no format check, so callers use this only for a warning.
 */
export function isPlausibleCif(value: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/i.exec(value.replace(/\s+/g, ''));
  if (!match) return false;
  const [, letterRaw = '', digits = '', controlRaw = ''] = match;
  const letter = letterRaw.toUpperCase();
  const control = controlRaw.toUpperCase();
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = n * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += n;
    }
  }
  const checkDigit = (10 - (sum % 10)) % 10;
  const checkLetter = 'JABCDEFGHI'.charAt(checkDigit);
  // Some kinds of entity always use a letter, some always a digit, the rest either.
  if ('KPQRSNW'.includes(letter)) return control === checkLetter;
  if ('ABEH'.includes(letter)) return control === String(checkDigit);
  return control === checkLetter || control === String(checkDigit);
}
