import { STAFF_REFUSALS } from 'shared-api';
import type { FunctionsConfig } from '../../config';
import { HttpError } from '../../platform/http-error';
import { passwordProblem } from '../../platform/security/password-policy';

/**
 * Refuses a new back-office password an attacker would try early (400 on the field, with its
 * code); the length is the schema's. The account's e-mail and name and the business count as
 * the account's own words.
 */
export function assertStrongPassword(
  password: string,
  field: string,
  account: { email: string; name: string },
  config: Pick<FunctionsConfig, 'BUSINESS_NAME'>,
): void {
  if (passwordProblem(password, [account.email, account.name, config.BUSINESS_NAME]) === null) return;
  const text = STAFF_REFUSALS.password_too_guessable;
  throw new HttpError(400, text, { [field]: text }, 'password_too_guessable');
}
