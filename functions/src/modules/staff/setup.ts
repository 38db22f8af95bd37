import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { hashPassword } from '../../platform/security/secrets';
import { clearStaffLoginThrottle } from './login-throttle';

/**
 * The first manager, like the door tool's admin: at the first start (no staff at all) from
 * BACKOFFICE_MANAGER_EMAIL (the business e-mail by default) and BACKOFFICE_MANAGER_PASSWORD, or a
 * generated password printed once. BACKOFFICE_MANAGER_RESET=1 is the way back in: that account's
 * password is set again the same way, its second factor is turned off, it is enabled as a manager,
 * its sessions end and its failed logins are forgotten; every start with the variable does it again.
 */
export async function ensureFirstManager(db: Database, config: FunctionsConfig, log: Logger): Promise<void> {
  const email = (config.BACKOFFICE_MANAGER_EMAIL ?? config.BUSINESS_EMAIL).toLowerCase();
  const reset = config.BACKOFFICE_MANAGER_RESET === '1';
  const { rows } = await db.query<{ staff: number }>(sql`select count(*)::int as staff from staff_users`);
  if ((rows[0]?.staff ?? 0) > 0 && !reset) return;
  const password = config.BACKOFFICE_MANAGER_PASSWORD ?? randomBytes(12).toString('base64url');
  // Printed on a console: chosen again at the first sign-in (ASVS 2.3.1). One the operator set is theirs.
  const generated = !config.BACKOFFICE_MANAGER_PASSWORD;
  const passwordHash = await hashPassword(password, config.DOOR_HASH_COST_LOG2);
  await db.transaction(async (tx) => {
    const { rows: updated } = await tx.query<{
      id: string;
    }>(sql`update staff_users set password_hash = ${passwordHash}, role = 'manager', disabled_at = null, totp_enabled = false,
         totp_secret = null, totp_last_step = null, password_change_required = ${generated}, updated_at = now()
       where lower(email) = ${email} returning id::text as id`);
    const id = updated[0]?.id;
    if (id) {
      await tx.query(sql`update staff_sessions set revoked_at = now() where staff_id = ${id} and revoked_at is null`);
    } else {
      await tx.query(sql`insert into staff_users (id, email, name, role, password_hash, password_change_required)
         values (${randomUUID()}, ${email}, 'Gerencia', 'manager', ${passwordHash}, ${generated})`);
    }
    await clearStaffLoginThrottle(tx, email);
    await tx.query(
      sql`insert into staff_audit (staff_email, action, target) values ('sistema', ${id ? 'manager_reset' : 'manager_created'}, ${`staff:${email}`})`,
    );
  });
  if (reset) log.warn('back-office manager reset (BACKOFFICE_MANAGER_RESET=1): remove the variable');
  if (!config.BACKOFFICE_MANAGER_PASSWORD) {
    console.log(
      `\n  Back-office manager — ${email} · contraseña: ${password}\n  (shown once; set BACKOFFICE_MANAGER_PASSWORD to choose it)\n`,
    );
  }
}
