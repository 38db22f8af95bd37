import * as OTPAuth from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const CODE = /^\d{6}$/;

const totpOf = (secret: string, label = 'staff', issuer = 'Back-office') =>
  new OTPAuth.TOTP({
    issuer,
    label,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans. */
export function totpUri(secret: string, email: string, issuer: string): string {
  return totpOf(secret, email, issuer).toString();
}

/**
 * The time step a code is accepted for, or null. One step of drift either way is allowed (a
 * phone's clock); a step at or before `lastStep` is refused, so a code seen over a shoulder or
 * replayed cannot be used again.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!CODE.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a time (tests, and a manager's first code in the journey). */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}
