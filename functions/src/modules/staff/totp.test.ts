import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, totpCodeAt, totpUri } from './totp';

describe('TOTP second factor', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 10, 0, 15);
  const step = Math.floor(now / 30_000);

  it('makes a 160-bit base32 secret and the URI an authenticator scans', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'ana@example.com', 'Trasteros'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Trasteros');
  });

  it("accepts the current code and a neighbour step's, and nothing further", () => {
    expect(acceptedStep(secret, totpCodeAt(secret, now), null, now)).toBe(step);
    expect(acceptedStep(secret, totpCodeAt(secret, now - 30_000), null, now)).toBe(step - 1);
    expect(acceptedStep(secret, totpCodeAt(secret, now + 30_000), null, now)).toBe(step + 1);
    expect(acceptedStep(secret, totpCodeAt(secret, now - 90_000), null, now)).toBeNull();
    expect(acceptedStep(newTotpSecret(), totpCodeAt(secret, now), null, now)).toBeNull();
  });

  it('refuses a code used already (same or earlier step) and malformed codes', () => {
    const code = totpCodeAt(secret, now);
    expect(acceptedStep(secret, code, step, now)).toBeNull();
    expect(acceptedStep(secret, totpCodeAt(secret, now - 30_000), step, now)).toBeNull();
    expect(acceptedStep(secret, totpCodeAt(secret, now + 30_000), step, now)).toBe(step + 1);
    expect(acceptedStep(secret, ` ${code}`, null, now)).toBeNull();
    expect(acceptedStep(secret, '12345', null, now)).toBeNull();
  });
});
