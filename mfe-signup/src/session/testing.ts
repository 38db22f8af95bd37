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
