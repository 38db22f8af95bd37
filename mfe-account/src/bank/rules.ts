import { hasValidIbanChecksum, isValidSpanishIban } from 'shared-api';

/** What is wrong with a new account's IBAN as typed (spaces and case do not matter), or null. */
export function newIbanProblem(typed: string): 'missing' | 'invalid' | null {
  const iban = typed.replace(/\s+/g, '').toUpperCase();
  if (!iban) return 'missing';
  return isValidSpanishIban(iban) && hasValidIbanChecksum(iban) ? null : 'invalid';
}
