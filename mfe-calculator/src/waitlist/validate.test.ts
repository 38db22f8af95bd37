import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, validateForm } from './validate';

const filled = {
  fullName: 'Ana',
  phone: '+34 600 000 000',
  email: 'ana@example.com',
  timeframe: 'asap',
  privacyAccepted: true,
};

describe('waitlist form rules', () => {
  it('requires every field and the privacy box, unchecked by default', () => {
    expect(EMPTY_FORM.privacyAccepted).toBe(false);
    expect(validateForm(EMPTY_FORM)).toEqual({
      fullName: 'required',
      phone: 'required',
      email: 'required',
      timeframe: 'required',
      privacyAccepted: 'privacyRequired',
    });
  });

  it('accepts a complete form', () => {
    expect(validateForm(filled)).toEqual({});
  });

  it('checks e-mail, phone and timeframe values', () => {
    expect(validateForm({ ...filled, email: 'ana@', phone: 'abc', timeframe: 'someday' })).toEqual({
      email: 'invalidEmail',
      phone: 'invalidPhone',
      timeframe: 'required',
    });
  });
});
