import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { preparePinPepper } from '../../platform/security/pepper';
import { hashPassword, hashPin, randomPin } from '../../platform/security/secrets';
import { clearLoginThrottle } from './login-throttle';
import { pinHashCost } from './pin-cost';

export const ADMIN_USUARIO = 'admin';

/**
 * At every start, after settling the PIN pepper (pepper.ts):
 * - first start: creates the admin from DOOR_ADMIN_PASSWORD and DOOR_ADMIN_PIN, or generates
 *   them and prints them once;
 * - DOOR_ADMIN_RESET=1 — the admin's way back in when he forgot his password or PIN, or is held
 *   back by the login throttle everywhere (login-throttle.ts): his password and PIN are set again
 *   the same way, his sessions end and his login and PIN failure counts are cleared. Every start
 *   with the variable does it again: remove it afterwards;
 * - after a pepper rotation every PIN is void: the admin's is set again the same way.
 * Otherwise the admin is left alone.
 */
export async function ensureDoorAdmin(db: Database, config: FunctionsConfig, log: Logger): Promise<void> {
  const { pepper, rotated } = await preparePinPepper(db, config, log);
  const reset = config.DOOR_ADMIN_RESET === '1';
  const { rows } = await db.query<{ id: string }>(
    sql`select id::text as id from door_users where usuario = ${ADMIN_USUARIO}`,
  );
  const admin = rows[0];
  if (admin && !reset && !rotated) return;
  const cost = config.DOOR_HASH_COST_LOG2;
  const setPassword = !admin || reset;
  const password = config.DOOR_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  const pin = config.DOOR_ADMIN_PIN ?? randomPin();
  const pinHash = await hashPin(pin, pepper, pinHashCost(config));
  if (!admin) {
    const passwordHash = await hashPassword(password, cost);
    // A generated password was printed on a console: the admin chooses his own at the first sign-in.
    const changeRequired = !config.DOOR_ADMIN_PASSWORD;
    await db.query(
      sql`insert into door_users (id, usuario, password_hash, pin_hash, password_change_required)
       values (gen_random_uuid(), ${ADMIN_USUARIO}, ${passwordHash}, ${pinHash}, ${changeRequired})
       on conflict (usuario) do nothing`,
    );
  } else {
    const passwordHash = setPassword ? await hashPassword(password, cost) : null;
    await db.transaction(async (tx) => {
      await tx.query(sql`update door_users set password_hash = coalesce(${passwordHash}, password_hash), pin_hash = ${pinHash},
           password_change_required = case when ${passwordHash}::text is null then password_change_required else ${!config.DOOR_ADMIN_PASSWORD} end,
           updated_at = now()
         where id = ${admin.id}`);
      if (!reset) return;
      await tx.query(
        sql`update door_sessions set revoked_at = now() where user_id = ${admin.id} and revoked_at is null`,
      );
      await tx.query(sql`delete from door_pin_failures where user_id = ${admin.id}`);
      await clearLoginThrottle(tx, ADMIN_USUARIO);
      await tx.query(
        sql`insert into door_audit (user_id, usuario, action, result) values (${admin.id}, ${ADMIN_USUARIO}, 'admin_reset', 'ok')`,
      );
    });
    log.warn(
      reset
        ? 'door tool admin reset (DOOR_ADMIN_RESET=1): remove the variable, or every start resets him again'
        : 'door tool admin PIN set again after the pepper rotation',
    );
  }
  // Shown once: it is stored hashed only. What came from the environment is not echoed.
  const shown = [
    setPassword && !config.DOOR_ADMIN_PASSWORD ? `contraseña: ${password}` : null,
    config.DOOR_ADMIN_PIN ? null : `PIN: ${pin}`,
  ].filter(Boolean);
  if (shown.length) {
    log.warn('door tool admin credentials generated');
    console.log(
      `\n  Door tool admin — usuario: admin · ${shown.join(' · ')}\n  (shown once; set DOOR_ADMIN_PASSWORD and DOOR_ADMIN_PIN to choose them)\n`,
    );
  }
}
