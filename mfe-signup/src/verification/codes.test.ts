import { describe, expect, it } from 'vitest';
import {
  cleanRecoveryCode,
  cleanVerificationCode,
  formatCountdown,
  isComplete,
  verificationFailure,
  waitFromMessage,
} from './codes';

describe('code inputs', () => {
  it('verification codes keep digits only, at most 6', () => {
    expect(cleanVerificationCode('12a3 45-678')).toBe('123456');
    expect(isComplete('12345')).toBe(false);
    expect(isComplete('123456')).toBe(true);
  });

  it('recovery codes are upper case, at most 6', () => {
    expect(cleanRecoveryCode('ab-c2 3d9')).toBe('ABC23D');
  });

  it('counts down as m:ss', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('reads the wait the server asks for', () => {
    expect(waitFromMessage('Please wait 87 seconds (2 minutes between codes)')).toBe(87);
    expect(waitFromMessage('Network error')).toBeNull();
  });

  it('chooses the failure message', () => {
    expect(verificationFailure({ email: true, sms: true }, { email: false, sms: false })).toBe('codesIncorrect');
    expect(verificationFailure({ email: true, sms: true }, { email: true, sms: false })).toBe('smsIncorrect');
    expect(verificationFailure({ email: true, sms: false }, { email: false, sms: false })).toBe('emailIncorrect');
    expect(verificationFailure({ email: false, sms: true }, { email: false, sms: true })).toBeNull();
  });
});
