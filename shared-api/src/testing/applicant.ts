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

/** The service the test applicant chooses (a 3 m³ unit, monthly): the sign-up's fourth step. */
export const TEST_SERVICE = {
  productId: '202',
  productName: 'Trastero 3 m³',
  period: 'monthly',
  setupFee: 150,
  recurringFee: 62,
  numberProductsRequired: 1,
} as const;

/** The deposit the review asks to pay by card, as `create-revolut-payment` takes it. */
export const testDepositRequest = (
  registrationId: string,
  amount: number = TEST_SERVICE.setupFee,
  returnPath = '/es/alta/revision',
) => ({
  registrationId,
  amount,
  currency: 'EUR',
  description: 'Fianza',
  fianzaType: 'monthly',
  paymentMethod: { type: 'card' },
  returnPath,
});
