import { isValidEmail } from 'shared-api';

/**
 * Whether what was typed can be an e-mail or a phone number at all, before asking the server
 * (which decides, with the full phone rules): a typo is told at once, in the page's language.
 */
export function looksLikeContact(typed: string): boolean {
  const text = typed.trim();
  if (text.includes('@')) return isValidEmail(text);
  if (!/^[\d\s()+.-]+$/.test(text) || (text.match(/\+/g)?.length ?? 0) > 1) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}
