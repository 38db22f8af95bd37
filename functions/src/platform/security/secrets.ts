import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  type ScryptOptions,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto';

const KEY_LENGTH = 32;
/** OWASP's scrypt recommendation (N=2^17, r=8, p=1); N comes from DOOR_HASH_COST_LOG2. */
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** Refuse absurd parameters read back from the database rather than allocate gigabytes. */
const MAX_LOG2_N = 20;

interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

function scrypt(secret: string | Buffer, salt: string | Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs about 128·N·r bytes; Node refuses above 32 MiB unless told (N=2^17 needs 128 MiB).
    maxmem: Math.max(32 * 1024 * 1024, 256 * N * params.r),
  };
  return new Promise((resolve, reject) => {
    scryptCallback(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Node's defaults, which the first hashes were made with. */
const LEGACY_PARAMS: ScryptParams = { log2N: 14, r: 8, p: 1 };

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (PHC string format, unpadded base64): it says how to verify itself. */
async function phcHash(secret: string | Buffer, log2N: number): Promise<string> {
  const params = { log2N, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, params);
  return `$scrypt$ln=${log2N},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parsePhc(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const m = PHC.exec(stored);
  if (!m) return null;
  const [log2N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (log2N < 1 || log2N > MAX_LOG2_N || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { log2N, r, p, salt: Buffer.from(m[4] ?? '', 'base64'), key: Buffer.from(m[5] ?? '', 'base64') };
}

async function matches(expected: Buffer, actual: Promise<Buffer>): Promise<boolean> {
  const key = await actual;
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/** Whether a stored hash was made in an older format or at another cost: re-hash after the next success. */
export function needsRehash(stored: string, log2N: number): boolean {
  const phc = parsePhc(stored);
  return !phc || phc.log2N !== log2N || phc.r !== BLOCK_SIZE || phc.p !== PARALLELISM;
}

/** A password hash: scrypt with a random salt per password, in the PHC format. */
export function hashPassword(password: string, log2N: number): Promise<string> {
  return phcHash(password, log2N);
}

/** Checks a password against a PHC hash, or the first format (`hexsalt:hexhash`, Node's default cost). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const phc = parsePhc(stored);
  if (phc) return matches(phc.key, scrypt(password, phc.salt, phc));
  const [salt, hash] = stored.split(':');
  if (!salt || !hash || !/^[0-9a-f]+$/.test(hash)) return false;
  return matches(Buffer.from(hash, 'hex'), scrypt(password, salt, LEGACY_PARAMS));
}

/**
 * A PIN has 10,000 values, so a salt and a slow hash alone would not protect it: what is hashed
 * is HMAC-SHA256(pepper, PIN), and the pepper lives outside the database (see pepper.ts). A
 * database dump without the pepper reveals nothing; with it, any PIN falls in seconds.
 */
export function hashPin(pin: string, pepper: string, log2N: number): Promise<string> {
  return phcHash(pinKey(pin, pepper), log2N);
}

/** Checks a PIN against a PHC hash, or the first format (unsalted hex, the pepper as scrypt salt). */
export async function verifyPin(pin: string, stored: string, pepper: string): Promise<boolean> {
  const phc = parsePhc(stored);
  if (phc) return matches(phc.key, scrypt(pinKey(pin, pepper), phc.salt, phc));
  if (!/^[0-9a-f]{64}$/.test(stored)) return false; // e.g. a PIN voided by a pepper rotation
  return matches(Buffer.from(stored, 'hex'), scrypt(pin, `pin:${pepper}`, LEGACY_PARAMS));
}

const pinKey = (pin: string, pepper: string) => createHmac('sha256', pepper).update(pin).digest();

const dummies = new Map<number, Promise<string>>();
/**
 * A hash of nothing anyone knows, at the current cost: checking a password against it for a user
 * who does not exist takes as long as for one who does, so timing does not tell them apart.
 */
export function dummyPasswordHash(log2N: number): Promise<string> {
  let dummy = dummies.get(log2N);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), log2N);
    dummies.set(log2N, dummy);
  }
  return dummy;
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
  return String(randomInt(10_000)).padStart(4, '0');
}
