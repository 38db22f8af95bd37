/**
 * How a contact on file is shown to someone who may not own it (signers on the review,
 * where a recovery code was sent): enough to recognise one's own, not enough to learn it.
 */

/** `ana.garcia@example.com` → `an********@example.com`: first two characters, stars, the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.length <= 2 ? email : `${email.slice(0, 2)}${'*'.repeat(email.length - 2)}`;
  const local = email.slice(0, at);
  const visible = local.slice(0, 2);
  return `${visible}${'*'.repeat(Math.max(local.length - visible.length, 1))}${email.slice(at)}`;
}

/** `+34600123456` → `+34 ••• ••• 456` (no-break spaces): the country code and the last three digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '•'.repeat(digits.length);
  // No-break spaces: a masked number never wraps in the middle on a phone.
  const country = phone.startsWith('+34') ? '+34\u00a0' : phone.startsWith('+') ? '+\u00a0' : '';
  return `${country}•••\u00a0•••\u00a0${digits.slice(-3)}`;
}

/** `ES9121000418450200051332` → `ES91 •••• 1332`: the country, check digits and last four digits. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 12) return '•'.repeat(compact.length);
  return `${compact.slice(0, 4)}\u00a0••••\u00a0${compact.slice(-4)}`;
}
