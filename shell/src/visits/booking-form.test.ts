import { describe, expect, it } from 'vitest';
import { bookingErrors } from './booking-form';

describe('the visit booking form', () => {
  const good = { fullName: 'Ana García', phone: '+34 600 111 222', email: 'ana@example.com', privacyAccepted: true };

  it('accepts a complete form', () => {
    expect(bookingErrors(good)).toEqual({});
  });

  it('names each missing or wrong field', () => {
    expect(bookingErrors({ fullName: '  ', phone: '12', email: 'ana@', privacyAccepted: false })).toEqual({
      fullName: 'nameRequired',
      phone: 'phoneInvalid',
      email: 'emailInvalid',
      privacyAccepted: 'privacyRequired',
    });
    expect(bookingErrors({ ...good, phone: '600-111-222' })).toEqual({});
  });
});
