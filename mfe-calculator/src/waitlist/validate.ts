import { WAITLIST_TIMEFRAMES, waitlistRequest } from 'shared-api';

export interface WaitlistForm {
  fullName: string;
  phone: string;
  email: string;
  timeframe: string;
  privacyAccepted: boolean;
}

export type WaitlistField = keyof WaitlistForm;
/** Keys of the calculator namespace's waitlist messages. */
export type WaitlistError = 'required' | 'invalidEmail' | 'invalidPhone' | 'privacyRequired';

export const EMPTY_FORM: WaitlistForm = { fullName: '', phone: '', email: '', timeframe: '', privacyAccepted: false };

/** The same field rules the function enforces (shared schema), plus the privacy box. */
export function validateField(field: WaitlistField, form: WaitlistForm): WaitlistError | null {
  switch (field) {
    case 'fullName':
      return form.fullName.trim() ? null : 'required';
    case 'phone':
      if (!form.phone.trim()) return 'required';
      return waitlistRequest.shape.phone.safeParse(form.phone).success ? null : 'invalidPhone';
    case 'email':
      if (!form.email.trim()) return 'required';
      return waitlistRequest.shape.email.safeParse(form.email.trim()).success ? null : 'invalidEmail';
    case 'timeframe':
      return (WAITLIST_TIMEFRAMES as readonly string[]).includes(form.timeframe) ? null : 'required';
    case 'privacyAccepted':
      return form.privacyAccepted ? null : 'privacyRequired';
  }
}

export function validateForm(form: WaitlistForm): Partial<Record<WaitlistField, WaitlistError>> {
  const errors: Partial<Record<WaitlistField, WaitlistError>> = {};
  for (const field of Object.keys(form) as WaitlistField[]) {
    const error = validateField(field, form);
    if (error) errors[field] = error;
  }
  return errors;
}
