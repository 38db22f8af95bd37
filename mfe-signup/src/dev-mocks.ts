import type { MockResponder } from 'shared-api/msw';

/**
 * The registration-handler of `npm run dev -w mfe-signup` (no functions service): one
 * registration kept in memory, every verification code is 123456 and the registration
 * code is DEV234.
 */
const DEV_CODE = '123456';
type Stored = Record<string, unknown> & { id: string; email_verified: boolean; phone_verified: boolean };
let registration: Stored | null = null;

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const signupMockResponders: Record<string, MockResponder> = {
  'registration-handler:check_existing': () => ({ exists: false, registration_code: null }),
  'registration-handler:create_registration': (request) => {
    const id = crypto.randomUUID();
    const fields = Object.fromEntries(
      Object.entries(request)
        .filter(([key]) => key !== 'action')
        .map(([key, value]) => [snake(key), value === '' ? null : value]),
    );
    registration = {
      ...fields,
      id,
      email_verified: false,
      phone_verified: false,
      client_id: null,
      global_status: 'in_progress',
      metadata: {},
    };
    console.info(`[dev mocks] verification codes are ${DEV_CODE}, registration code DEV234`);
    return { registrationId: id };
  },
  'registration-handler:verify_tokens': (request) => {
    if (!registration) return { verified: false };
    const email = request.emailToken === DEV_CODE;
    const sms = request.smsToken === DEV_CODE;
    if (request.emailToken) registration.email_verified ||= email;
    if (request.smsToken) registration.phone_verified ||= sms;
    if (request.emailToken && request.smsToken) return { verified: email && sms };
    return request.emailToken ? { verified: { email_verified: email } } : { verified: { phone_verified: sms } };
  },
  'registration-handler:resend_verification': () => ({ success: true }),
  // The dev mocks play one browser that holds the session: no one-time code is asked for.
  'registration-handler:get_registration_status': () => ({
    registrationId: registration?.id ?? '',
    confirmationRequired: false,
  }),
  'registration-handler:confirm_recovery': (request) => ({ registrationId: String(request.registrationId) }),
  'registration-handler:get_registration_with_documents': () => ({ registration, documents: [] }),
  'registration-handler:update_registration': (request) => {
    if (registration) registration.metadata = request.metadata;
    return { success: true };
  },
  'registration-handler:update_field': () => ({ success: true }),
  'registration-handler:get_registration_code': () => ({ registrationCode: 'DEV234' }),
  'registration-handler:check_registration_exists_by_id': (request) => ({
    exists: request.registrationId === registration?.id,
  }),
  'registration-handler:check_and_set_product': (request) => ({
    success: true,
    productId: String(request.productId),
    productName: `Product ${String(request.productId)}`,
  }),
};
