import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: string, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** `salt:hash`, scrypt with a random 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await scrypt(password, salt, KEY_LENGTH)).toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = await scrypt(password, salt, KEY_LENGTH);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * PINs are hashed with scrypt under the installation's pepper: deterministic, so the database
 * can keep them unique, and useless without the pepper.
 */
export async function hashPin(pin: string, pepper: string): Promise<string> {
  return (await scrypt(pin, `pin:${pepper}`, KEY_LENGTH)).toString('hex');
}

/** A 256-bit random token for the browser; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomPin(): string {
  return String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0');
}
