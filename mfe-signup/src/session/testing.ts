import type { RegistrationRecord } from 'shared-api';
import { STORED_TEST_APPLICANT } from 'shared-api/testing';
import { emptyDraft, type RegistrationDraft } from './draft';

/** The test applicant's draft once both contacts are verified, with what a test adds on top. */
export function verifiedDraft(registrationId: string, rest: Partial<RegistrationDraft> = {}): RegistrationDraft {
  return {
    ...emptyDraft(),
    ...STORED_TEST_APPLICANT,
    registrationId,
    emailVerified: true,
    phoneVerified: true,
    ...rest,
  };
}

/** The test applicant's server record (snake_case), as `get_registration_with_documents` answers it. */
export function applicantRecord(registrationId: string, rest: Partial<RegistrationRecord> = {}): RegistrationRecord {
  return {
    id: registrationId,
    client_type: 'individual',
    full_name: STORED_TEST_APPLICANT.fullName,
    company_name: null,
    document_type: 'dni',
    document_number: STORED_TEST_APPLICANT.documentNumber,
    cif: null,
    email: STORED_TEST_APPLICANT.email,
    phone: STORED_TEST_APPLICANT.phone,
    address: STORED_TEST_APPLICANT.address,
    city: STORED_TEST_APPLICANT.city,
    postal_code: STORED_TEST_APPLICANT.postalCode,
    iban: STORED_TEST_APPLICANT.iban,
    email_verified: true,
    phone_verified: true,
    client_id: null,
    global_status: 'in_progress',
    metadata: { completedSections: { clientData: true } },
    ...rest,
  };
}
