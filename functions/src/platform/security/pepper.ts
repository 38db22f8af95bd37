import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../db';
import { sql } from '../db/sql';

/**
 * The PIN pepper: a secret mixed into every PIN hash (see secrets.ts). It lives outside the
 * database, so a dump of the database alone cannot reverse the 10,000 possible PINs.
 *
 * Where it comes from, first match wins: DOOR_PIN_PEPPER; the file DOOR_PIN_PEPPER_FILE;
 * otherwise that file is created (mode 0600) — with the pepper an older version kept in the
 * database if there is one (so its PINs keep working), else a new random one.
 *
 * The database keeps only a check value (an HMAC of a constant under the pepper, which reveals
 * nothing of it), so a start with a different pepper — a lost file, a second machine with its own
 * file, a typo — stops with an explanation instead of every PIN silently failing. Changing the
 * pepper on purpose means starting once with DOOR_PIN_PEPPER_ROTATE=1: the old PIN hashes cannot
 * be converted (nobody knows the PINs), so every PIN is voided, the admin's is set again (from
 * DOOR_ADMIN_PIN, or a new one printed once) and the admin gives everyone a new PIN.
 */
const CHECK_KEY = 'pin_pepper_check';
/** Where versions before migration 0008 kept the pepper; moved out and deleted at the next start. */
const LEGACY_KEY = 'pin_pepper';
const MIN_LENGTH = 32;

const loaded = new WeakMap<FunctionsConfig, Promise<string>>();

/** The pepper of a configuration: read (or made) once, then kept in memory. */
export function pinPepper(config: FunctionsConfig): Promise<string> {
  let pepper = loaded.get(config);
  if (!pepper) {
    pepper = configuredPepper(config).then(
      (found) => found ?? createPepperFile(config.DOOR_PIN_PEPPER_FILE, randomBytes(32).toString('hex')),
    );
    loaded.set(config, pepper);
  }
  return pepper;
}

/** What the database keeps of the pepper (and a backup names it by): reveals nothing of it. */
export const checkValue = (pepper: string) =>
  createHmac('sha256', pepper).update('abridor pin pepper check').digest('hex');

export async function configuredPepper(
  config: Pick<FunctionsConfig, 'DOOR_PIN_PEPPER' | 'DOOR_PIN_PEPPER_FILE'>,
): Promise<string | null> {
  if (config.DOOR_PIN_PEPPER) return config.DOOR_PIN_PEPPER;
  let text: string;
  try {
    text = await readFile(config.DOOR_PIN_PEPPER_FILE, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pepper = text.trim();
  if (pepper.length < MIN_LENGTH) {
    throw new Error(`${config.DOOR_PIN_PEPPER_FILE}: the door PIN pepper needs at least ${MIN_LENGTH} characters`);
  }
  return pepper;
}

async function createPepperFile(file: string, pepper: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, `${pepper}\n`, { flag: 'wx', mode: 0o600 });
    return pepper;
  } catch (error) {
    // Another process made it first: theirs is the one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}

async function setting(db: Database, key: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>(sql`select value from door_settings where key = ${key}`);
  return rows[0]?.value ?? null;
}

/**
 * At start-up: settles the pepper for this configuration, moves an old in-database pepper out,
 * and refuses a pepper the stored PINs were not made with (unless rotating). `rotated`: every
 * PIN was voided just now, so the caller must give the admin a new one.
 */
export async function preparePinPepper(
  db: Database,
  config: FunctionsConfig,
  log: Logger,
): Promise<{ pepper: string; rotated: boolean }> {
  const legacy = await setting(db, LEGACY_KEY);
  const pepper =
    (await configuredPepper(config)) ??
    (await createPepperFile(config.DOOR_PIN_PEPPER_FILE, legacy ?? randomBytes(32).toString('hex')));
  const expected = (await setting(db, CHECK_KEY)) ?? (legacy === null ? null : checkValue(legacy));
  const rotated = expected !== null && expected !== checkValue(pepper);
  if (rotated && config.DOOR_PIN_PEPPER_ROTATE !== '1') {
    const source = config.DOOR_PIN_PEPPER ? 'DOOR_PIN_PEPPER' : `the file ${config.DOOR_PIN_PEPPER_FILE}`;
    throw new Error(
      `The door PIN pepper from ${source} is not the one this database's PINs were hashed with. ` +
        'Restore the previous pepper (every instance must use the same one), ' +
        (legacy === null
          ? ''
          : `or, to keep the pepper this database still holds, start without DOOR_PIN_PEPPER and without the file ${config.DOOR_PIN_PEPPER_FILE} (it is moved there), `) +
        'or start once with DOOR_PIN_PEPPER_ROTATE=1 to void every PIN and assign new ones.',
    );
  }
  await db.transaction(async (tx) => {
    if (rotated) await tx.query(sql`update door_users set pin_hash = '', updated_at = now()`);
    await tx.query(
      sql`insert into door_settings (key, value) values (${CHECK_KEY}, ${checkValue(pepper)}) on conflict (key) do update set value = excluded.value`,
    );
    await tx.query(sql`delete from door_settings where key = ${LEGACY_KEY}`);
  });
  if (rotated) log.warn('door PIN pepper rotated: every PIN was voided; the admin must assign new ones');
  if (legacy !== null && !rotated) log.info('door PIN pepper moved out of the database');
  loaded.set(config, Promise.resolve(pepper));
  return { pepper, rotated };
}
