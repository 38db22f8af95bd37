import { isValidEmail } from 'shared-api';
import { callableNumber, SPAIN_AND_EU } from '../../platform/phone-numbers';

/** How a tenant names themselves at sign-in: the e-mail or the mobile of their tenancy. */
export type Contact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** What was typed, as a contact (an e-mail lowercased, a phone in international form), or null. */
export function parseContact(typed: string): Contact | null {
  const text = typed.trim();
  if (text.includes('@')) return isValidEmail(text) ? { kind: 'email', value: text.toLowerCase() } : null;
  const phone = callableNumber(text, SPAIN_AND_EU);
  return phone ? { kind: 'phone', value: phone } : null;
}

/** `email:ana@example.com`, `phone:+34600123456`: a session's key. */
export const contactKey = (contact: Contact) => `${contact.kind}:${contact.value}`;

export function contactOfKey(key: string): Contact | null {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  return kind === 'email' || kind === 'phone' ? { kind, value } : null;
}

/** `a•••@example.com`, `•••• 456`: enough for the tenant to recognise, nothing for anyone else. */
export function maskedContact(contact: Contact): string {
  if (contact.kind === 'phone') return `•••• ${contact.value.slice(-3)}`;
  const [name = '', domain = ''] = contact.value.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}
