import type { ClientData } from '../validators/client-data';
import { normaliseClientData } from '../validators/client-data';

/**
 * The one test applicant of every suite (validators, components, contract tests, journeys):
 * valid for every client-data rule, written as a person types it (spaces in the phone and IBAN).
 */
export const TEST_APPLICANT = {
  clientType: 'individual',
  fullName: 'Ana García',
  companyName: '',
  documentType: 'dni',
  documentNumber: '12345678Z',
  cif: '',
  email: 'ana@example.com',
  phone: '+34 600 123 456',
  address: 'Calle Real 1',
  city: 'Ronda',
  postalCode: '29400',
  iban: 'ES91 2100 0418 4502 0005 1332',
} as const satisfies ClientData;

/** The same applicant as it is stored (phone and IBAN without spaces). */
export const STORED_TEST_APPLICANT: ClientData = normaliseClientData(TEST_APPLICANT);
