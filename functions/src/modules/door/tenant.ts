import type { Language } from 'shared-i18n';
import { DOOR_PATHS } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { pinPepper } from '../../platform/security/pepper';
import { hashPin, newToken } from '../../platform/security/secrets';
import { audit, recentFailures } from './audit';
import { doorLinkEmail } from './messages';
import { checkPin, type PinRefusal } from './pin-check';
import { pinHashCost } from './pin-cost';
import type { UserRow } from './sessions';

/**
 * The door as the tenant's own account reaches it: their rental's door user, never another. Each
 * refuses with `no_door_access` when the rental has none (not issued yet, or ended).
 */

/** A new link into the door app lasts a day, like the ones staff send. */
const DOOR_LINK_HOURS = 24;
/** Links a rental may ask for in an hour: one lost e-mail, not a mailbomb. */
const DOOR_LINKS_PER_HOUR = 3;
/**
 * Wrong current PINs the account takes from one rental in a day: the keypad's lockout (3 in 15 s)
 * alone would let a session try every PIN in a night; the door itself still has only its lockout.
 */
const WRONG_PINS_PER_DAY = 9;
/** Lines of the tenant's access log shown: the latest. */
const LOG_LINES = 50;
/** What the tenant sees of their door user's trail: the door, their PIN, their sign-ins. */
const TENANT_ACTIONS = ['ENTRADA', 'SALIDA', 'change_pin', 'magic_link', 'login'];

async function tenantDoorUser(q: Queryable, registrationId: string): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(sql`select id::text as id, usuario, box, password_hash, pin_hash
     from door_users where registration_id = ${registrationId}`);
  const user = rows[0];
  if (!user) throw refusal('no_door_access');
  return user;
}

/**
 * The tenant changes their PIN from the account: the current one is checked like the keypad's,
 * with the same lockout (a locked PIN is refused here too). The door app's sessions stand: its
 * sign-in was a link, not the PIN, and the PIN is asked at the door every time.
 */
export async function changeTenantPin(
  ctx: FunctionContext,
  registrationId: string,
  { currentPin, newPin }: { currentPin: string; newPin: string },
  meta: RequestMeta,
): Promise<{ success: true } | PinRefusal> {
  const user = await tenantDoorUser(ctx.db, registrationId);
  const wrong = await recentFailures(ctx.db, {
    userId: user.id,
    action: 'change_pin',
    results: ['wrong_pin', 'locked'],
    minutes: 24 * 60,
  });
  if (wrong >= WRONG_PINS_PER_DAY) throw refusal('pin_change_blocked');
  const refused = await checkPin(ctx, user, currentPin, meta, {
    action: 'change_pin',
    wrongPin: 'The current PIN is not right',
    rehash: false,
  });
  if (refused) return refused;
  if (newPin === currentPin) throw refusal('same_pin');
  const newHash = await hashPin(newPin, await pinPepper(ctx.config), pinHashCost(ctx.config));
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`update door_users set pin_hash = ${newHash}, updated_at = now() where id = ${user.id}`);
    await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'ok' }, meta);
  });
  return { success: true };
}

/**
 * The latest lines of the tenant's own door user: when the door opened for them, and how it went.
 * A rental with no door user refuses, unless `orNone` (a data export: then nothing to list).
 */
export async function tenantDoorLog(q: Queryable, registrationId: string, { orNone = false } = {}) {
  if (orNone) {
    const { rows } = await q.query(sql`select 1 from door_users where registration_id = ${registrationId}`);
    if (!rows.length) return [];
  }
  const user = await tenantDoorUser(q, registrationId);
  const { rows } = await q.query<{ created_at: Date | string; action: string; result: string }>(sql`select created_at,
       action, result from door_audit where user_id = ${user.id} and action = any(${TENANT_ACTIONS})
     order by created_at desc, id desc limit ${LOG_LINES}`);
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    result: row.result,
  }));
}

/**
 * A new single-use link into the door app, e-mailed to the rental's address (a lost phone, a
 * new one): never shown on the page, so a session alone does not hand over the door.
 */
export async function sendTenantDoorLink(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'mailer' | 'config' | 'clock'>,
  registrationId: string,
  meta: RequestMeta,
): Promise<void> {
  const user = await tenantDoorUser(tx, registrationId);
  const now = ctx.clock.now();
  // One request at a time per door user: two at once cannot both pass the count.
  await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`door-link:${user.id}`}))`);
  const { rows: recent } = await tx.query<{ n: number }>(sql`select count(*)::int as n from door_magic_tokens
     where user_id = ${user.id} and from_account and created_at > ${new Date(now.getTime() - 3_600_000)}`);
  if ((recent[0]?.n ?? 0) >= DOOR_LINKS_PER_HOUR) throw refusal('door_link_throttled');
  const { rows } = await tx.query<{ email: string; full_name: string; language: Language }>(
    sql`select email, full_name, language from registrations where id = ${registrationId}`,
  );
  const tenant = rows[0];
  if (!tenant) throw refusal('no_door_access');
  const link = newToken();
  // Expiry on the database's clock, as the door app checks it; the request's time on the service's,
  // as the hourly limit counts it.
  await tx.query(sql`insert into door_magic_tokens (token_hash, user_id, expires_at, created_at, from_account)
     values (${link.hash}, ${user.id}, now() + make_interval(hours => ${DOOR_LINK_HOURS}), ${now}, true)`);
  await audit(tx, { userId: user.id, usuario: user.usuario, action: 'tenant_link', result: 'issued' }, meta);
  const signIn = new URL(DOOR_PATHS.login, ctx.config.PUBLIC_SITE_URL);
  signIn.searchParams.set('token', link.token);
  await ctx.mailer.send(
    {
      to: tenant.email,
      versions: [
        doorLinkEmail(tenant.language === 'en' ? 'en' : 'es', {
          fullName: tenant.full_name,
          box: user.box ?? '',
          signInUrl: signIn.toString(),
          hours: DOOR_LINK_HOURS,
        }),
      ],
    },
    tx,
  );
}
