import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** No 0/O, 1/I/L: a code read over the phone or copied by hand survives. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_CODE_LENGTH = 6;
const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const MAX_WRONG_CODES = 5;
export { RESEND_COOLDOWN_SECONDS } from 'shared-api';

export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET.charAt(randomInt(RECOVERY_CODE_ALPHABET.length));
  return code;
}

export function generateVerificationCode(): string {
  return String(randomInt(10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** Bound to the registration and purpose, so a hash from one row is useless in another. */
export function hashVerificationCode(
  registrationId: string,
  channel: 'email' | 'sms' | 'recovery',
  code: string,
): string {
  return createHash('sha256').update(`${registrationId}:${channel}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
