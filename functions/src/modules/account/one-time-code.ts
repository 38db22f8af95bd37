import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code for a person to type: the sign-in's, a new contact's. */
export const newCode = () => String(randomInt(1_000_000)).padStart(6, '0');

/** What is kept of a code: its hash, salted with the id of what it is for (a code of one is no other's). */
export const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** Whether `code` is the one whose hash was kept for `id`, in constant time. */
export function codeMatches(id: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(codeHash(id, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
