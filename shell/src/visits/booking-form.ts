import { CONTACT_PHONE } from 'shared-api';

/** What the visitor typed, checked before sending (the server checks the same). */
export interface BookingForm {
  fullName: string;
  phone: string;
  email: string;
  privacyAccepted: boolean;
}

export type BookingError = 'nameRequired' | 'phoneInvalid' | 'emailInvalid' | 'privacyRequired';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function bookingErrors(form: BookingForm): Partial<Record<keyof BookingForm, BookingError>> {
  return {
    ...(form.fullName.trim() ? {} : { fullName: 'nameRequired' as const }),
    ...(CONTACT_PHONE.test(form.phone.trim()) ? {} : { phone: 'phoneInvalid' as const }),
    ...(EMAIL.test(form.email.trim()) ? {} : { email: 'emailInvalid' as const }),
    ...(form.privacyAccepted ? {} : { privacyAccepted: 'privacyRequired' as const }),
  };
}
