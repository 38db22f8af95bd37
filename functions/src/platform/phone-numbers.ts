import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Spain and the other member states of the European Union: where a text may be sent by default. */
export const SPAIN_AND_EU: readonly CountryCode[] = [
  'ES',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'SE',
];

/** The countries of a comma list (`SMS_COUNTRIES`), upper-cased; unknown codes are the caller's mistake. */
export function countryList(value: string): CountryCode[] {
  return value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean) as CountryCode[];
}

/**
 * The number in E.164 when it is a mobile number of one of `countries` (a text is only ever sent
 * to one), else null. "Fixed line or mobile" counts: some plans (the United States', a few
 * European ranges) do not tell them apart. Typed without a prefix, a number is Spanish.
 */
export function mobileNumber(typed: string, countries: readonly CountryCode[]): string | null {
  const number = parsePhoneNumberFromString(typed.replace(/[\s().-]/g, ''), 'ES');
  if (!number?.isValid() || !number.country || !countries.includes(number.country)) return null;
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? number.number : null;
}

/** A real number (any kind; of one of `countries` when given), in E.164, else null: a phone a person can call. */
export function callableNumber(typed: string, countries?: readonly CountryCode[]): string | null {
  const number = parsePhoneNumberFromString(typed.replace(/[\s().-]/g, ''), 'ES');
  if (!number?.isValid()) return null;
  if (countries && (!number.country || !countries.includes(number.country))) return null;
  return number.number;
}

/**
 * One phone however typed (+34, spaces, dots), to tell that two requests come from one contact:
 * its last nine digits (SQL compares `right(regexp_replace(phone, '\\D', '', 'g'), 9)` the same).
 */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '').slice(-9);
