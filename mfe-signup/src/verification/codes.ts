/** Input rules of the code fields (spec §5), pure. */
export const CODE_LENGTH = 6;

import { RESEND_COOLDOWN_SECONDS } from 'shared-api';

export const RESEND_COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;

/** Verification codes: digits only, at most 6. */
export const cleanVerificationCode = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** Recovery codes: upper case letters and digits, at most 6. */
export const cleanRecoveryCode = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CODE_LENGTH);

export const isComplete = (code: string) => code.length === CODE_LENGTH;

/** `m:ss` of the seconds left before a resend. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds the server says to wait ("Please wait 87 seconds …"), when it says so. */
export function waitFromMessage(message: string): number | null {
  const match = /wait (\d+) seconds/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Which message a failed verification shows (spec §8). */
export function verificationFailure(
  tried: { email: boolean; sms: boolean },
  verified: { email: boolean; sms: boolean },
): 'codesIncorrect' | 'emailIncorrect' | 'smsIncorrect' | null {
  const emailWrong = tried.email && !verified.email;
  const smsWrong = tried.sms && !verified.sms;
  if (emailWrong && smsWrong) return 'codesIncorrect';
  if (emailWrong) return 'emailIncorrect';
  if (smsWrong) return 'smsIncorrect';
  return null;
}
