import type { RegistrationRecord } from '../schemas/registration';
import type { ClientData, ClientDataField } from './client-fields';
import {
  hasValidIbanChecksum,
  isPlausibleCif,
  isValidDni,
  isValidEmail,
  isValidNie,
  isValidPhone,
  isValidPostalCode,
  isValidSpanishIban,
} from './identity';

/**
 * The client-data rules of the sign-up (spec §5), shared by the wizard and the
 * registration-handler function so that the server refuses whatever the browser would.
 */
export { CLIENT_FIELD_MAX_LENGTH, type ClientData, type ClientDataField } from './client-fields';

/** Message keys; the English text of each is the spec's (see CLIENT_DATA_MESSAGES). */
export type ClientDataError =
  | 'fullNameRequired'
  | 'documentNumberRequired'
  | 'invalidDni'
  | 'invalidNie'
  | 'emailRequired'
  | 'invalidEmail'
  | 'phoneRequired'
  | 'invalidPhone'
  /** The server's: a mobile number of an allowed country (the shape alone is checked in the browser). */
  | 'phoneNotMobile'
  | 'addressRequired'
  | 'cityRequired'
  | 'postalCodeRequired'
  | 'invalidPostalCode'
  | 'ibanRequired'
  | 'invalidIban'
  | 'companyNameRequired'
  | 'cifRequired';

export const CLIENT_DATA_MESSAGES: Record<ClientDataError, string> = {
  fullNameRequired: 'Name is required',
  documentNumberRequired: 'Document number is required',
  invalidDni: 'Invalid DNI',
  invalidNie: 'Invalid NIE',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  phoneRequired: 'Phone is required',
  invalidPhone: 'Invalid phone',
  phoneNotMobile:
    'Invalid phone: enter a mobile number (Spain or the European Union) that can receive our text messages.',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  postalCodeRequired: 'Postal code is required',
  invalidPostalCode: 'Invalid postal code',
  ibanRequired: 'IBAN is required',
  invalidIban: 'Invalid IBAN',
  companyNameRequired: 'Company name is required',
  cifRequired: 'CIF is required',
};

export const DEFAULT_PHONE_PREFIX = '+34';

export const EMPTY_CLIENT_DATA: ClientData = {
  clientType: 'individual',
  fullName: '',
  companyName: '',
  documentType: 'dni',
  documentNumber: '',
  cif: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
  address: '',
  city: '',
  postalCode: '',
  iban: '',
};

/** The client fields of a stored registration (snake_case, nullable company fields). */
export function clientDataFromRecord(
  record: Pick<
    RegistrationRecord,
    | 'client_type'
    | 'full_name'
    | 'company_name'
    | 'document_type'
    | 'document_number'
    | 'cif'
    | 'email'
    | 'phone'
    | 'address'
    | 'city'
    | 'postal_code'
    | 'iban'
  >,
): ClientData {
  return {
    clientType: record.client_type,
    fullName: record.full_name,
    companyName: record.company_name ?? '',
    documentType: record.document_type,
    documentNumber: record.document_number,
    cif: record.cif ?? '',
    email: record.email,
    phone: record.phone,
    address: record.address,
    city: record.city,
    postalCode: record.postal_code,
    iban: record.iban,
  };
}

const SPACE_FREE_FIELDS: ReadonlySet<ClientDataField> = new Set(['cif', 'documentNumber', 'postalCode', 'iban']);

/**
 * Input handling as the visitor types: spaces are stripped from cif, documentNumber,
 * postalCode and iban; the phone loses its spaces and always starts with a plus.
 */
export function normaliseClientInput(field: ClientDataField, value: string): string {
  if (SPACE_FREE_FIELDS.has(field)) return value.replace(/\s+/g, '');
  if (field === 'phone') return normalisePhone(value);
  return value;
}

export function normalisePhone(value: string): string {
  let compact = value.replace(/\s+/g, '');
  // A "+" after the start: a whole number typed after the prefilled "+34" ("+34+34 6…"); it wins.
  const lastPlus = compact.lastIndexOf('+');
  if (lastPlus > 0) compact = compact.slice(lastPlus);
  if (compact === '') return DEFAULT_PHONE_PREFIX;
  return compact.startsWith('+') ? compact : `+${compact}`;
}

/** What the server stores: every field normalised, text trimmed, identifiers upper-cased. */
export function normaliseClientData(data: ClientData): ClientData {
  const isCompany = data.clientType === 'company';
  return {
    clientType: data.clientType,
    fullName: data.fullName.trim(),
    companyName: isCompany ? data.companyName.trim() : '',
    documentType: data.documentType,
    documentNumber: data.documentNumber.replace(/\s+/g, '').toUpperCase(),
    cif: isCompany ? data.cif.replace(/\s+/g, '').toUpperCase() : '',
    email: data.email.trim(),
    phone: normalisePhone(data.phone),
    address: data.address.trim(),
    city: data.city.trim(),
    postalCode: data.postalCode.replace(/\s+/g, ''),
    iban: data.iban.replace(/\s+/g, '').toUpperCase(),
  };
}

/** The phone is "empty" while it holds only the default prefix. */
function isBlankPhone(value: string): boolean {
  const compact = value.replace(/\s+/g, '');
  return compact === '' || compact === '+' || compact === DEFAULT_PHONE_PREFIX;
}

export function validateClientField(field: ClientDataField, data: ClientData): ClientDataError | null {
  const value = data[field].trim();
  switch (field) {
    case 'clientType':
    case 'documentType':
      return null;
    case 'fullName':
      return value ? null : 'fullNameRequired';
    case 'documentNumber': {
      const number = value.replace(/\s+/g, '');
      if (!number) return 'documentNumberRequired';
      if (data.documentType === 'dni') return isValidDni(number) ? null : 'invalidDni';
      return isValidNie(number) ? null : 'invalidNie';
    }
    case 'email':
      if (!value) return 'emailRequired';
      return isValidEmail(value) ? null : 'invalidEmail';
    case 'phone':
      if (isBlankPhone(value)) return 'phoneRequired';
      return isValidPhone(value) ? null : 'invalidPhone';
    case 'address':
      return value ? null : 'addressRequired';
    case 'city':
      return value ? null : 'cityRequired';
    case 'postalCode':
      if (!value) return 'postalCodeRequired';
      return isValidPostalCode(value) ? null : 'invalidPostalCode';
    case 'iban':
      if (!value) return 'ibanRequired';
      return isValidSpanishIban(value) && hasValidIbanChecksum(value) ? null : 'invalidIban';
    case 'companyName':
      if (data.clientType !== 'company') return null;
      return value ? null : 'companyNameRequired';
    case 'cif':
      if (data.clientType !== 'company') return null;
      return value ? null : 'cifRequired';
  }
}

export const CLIENT_DATA_FIELDS: readonly ClientDataField[] = [
  'clientType',
  'fullName',
  'companyName',
  'cif',
  'documentType',
  'documentNumber',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'iban',
];

export function validateClientData(data: ClientData): Partial<Record<ClientDataField, ClientDataError>> {
  const errors: Partial<Record<ClientDataField, ClientDataError>> = {};
  for (const field of CLIENT_DATA_FIELDS) {
    const error = validateClientField(field, data);
    if (error) errors[field] = error;
  }
  return errors;
}

/** A warning only, never blocking: the CIF's control character does not match. */
export function cifWarning(data: ClientData): boolean {
  return data.clientType === 'company' && data.cif.trim() !== '' && !isPlausibleCif(data.cif);
}
