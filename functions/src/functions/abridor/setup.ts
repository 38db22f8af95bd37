import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../../db';
import { hashPassword, hashPin, randomPin } from './secrets';

export const ADMIN_USUARIO = 'admin';

/** The installation's PIN pepper: made once, then read. */
export async function pinPepper(db: Database): Promise<string> {
  await db.query(`insert into door_settings (key, value) values ('pin_pepper', $1) on conflict (key) do nothing`, [
    randomBytes(32).toString('hex'),
  ]);
  const { rows } = await db.query<{ value: string }>(`select value from door_settings where key = 'pin_pepper'`);
  return rows[0]?.value ?? '';
}

/**
 * First start: creates the admin from DOOR_ADMIN_PASSWORD and DOOR_ADMIN_PIN, or generates them
 * and prints them once. Later starts leave the admin alone.
 */
export async function ensureDoorAdmin(db: Database, config: FunctionsConfig, log: Logger): Promise<void> {
  const pepper = await pinPepper(db);
  const { rows } = await db.query('select 1 from door_users where usuario = $1', [ADMIN_USUARIO]);
  if (rows.length) return;
  const password = config.DOOR_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  const pin = config.DOOR_ADMIN_PIN ?? randomPin();
  await db.query(
    `insert into door_users (id, usuario, password_hash, pin_hash) values (gen_random_uuid(), $1, $2, $3)
     on conflict (usuario) do nothing`,
    [ADMIN_USUARIO, await hashPassword(password), await hashPin(pin, pepper)],
  );
  if (!config.DOOR_ADMIN_PASSWORD || !config.DOOR_ADMIN_PIN) {
    // Shown once: it is stored hashed only.
    log.warn('door tool admin created');
    console.log(
      `\n  Door tool admin — usuario: admin · contraseña: ${password} · PIN: ${pin}\n  (shown once; set DOOR_ADMIN_PASSWORD and DOOR_ADMIN_PIN to choose them)\n`,
    );
  }
}
