import type { DoorUser } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { newToken, sha256 } from '../../platform/security/secrets';
import { ADMIN_USUARIO } from './setup';

export interface UserRow extends Record<string, unknown> {
  id: string;
  usuario: string;
  box: string | null;
  password_hash: string;
  pin_hash: string;
  language?: 'es' | 'en';
  /** A password someone else chose: the user picks their own before anything else. */
  password_change_required?: boolean;
}

/** The `language` column of a door user under alias `u`: a tenant's registration's, else Spanish. */
export const DOOR_USER_LANGUAGE = sql`coalesce((select r.language from registrations r where r.id = u.registration_id), 'es') as language`;

export const toDoorUser = (
  row: Pick<UserRow, 'id' | 'usuario' | 'box' | 'language' | 'password_change_required'>,
): DoorUser => ({
  id: row.id,
  usuario: row.usuario,
  box: row.box,
  isAdmin: row.usuario === ADMIN_USUARIO,
  language: row.language === 'en' ? 'en' : 'es',
  mustChangePassword: row.password_change_required === true,
});

const CHOOSE_PASSWORD_FIRST = 'Elija su propia contraseña antes de continuar';

/**
 * The user of a live session token, or 401. Each use renews it for DOOR_SESSION_DAYS (at most
 * 30): a tenant who comes every week stays signed in; a phone left in a drawer a month does not.
 * Written at most once an hour.
 */
export async function sessionUser(
  ctx: FunctionContext,
  token: string,
  { passwordChange = false }: { passwordChange?: boolean } = {},
): Promise<UserRow> {
  const { rows } = await ctx.db.query<UserRow>(sql`with live as (
       update door_sessions
       set expires_at = case when expires_at < now() + make_interval(days => ${ctx.config.DOOR_SESSION_DAYS}) - interval '1 hour'
                             then now() + make_interval(days => ${ctx.config.DOOR_SESSION_DAYS}) else expires_at end
       where token_hash = ${sha256(token)} and revoked_at is null and expires_at > now()
       returning user_id)
     select u.id::text as id, u.usuario, u.box, u.password_hash, u.pin_hash, u.password_change_required,
       ${DOOR_USER_LANGUAGE}
     from live join door_users u on u.id = live.user_id`);
  const user = rows[0];
  if (!user) throw new HttpError(401, 'Sesión inválida o expirada');
  // A password someone else chose opens nothing until the user has chosen their own.
  if (user.password_change_required && !passwordChange) throw new HttpError(403, CHOOSE_PASSWORD_FIRST);
  return user;
}

export async function adminUser(ctx: FunctionContext, token: string): Promise<UserRow> {
  const user = await sessionUser(ctx, token);
  if (user.usuario !== ADMIN_USUARIO) throw new HttpError(403, 'Solo el administrador puede hacer esto');
  return user;
}

export async function openSession(ctx: FunctionContext, userId: string, db: Queryable = ctx.db): Promise<string> {
  const { token, hash } = newToken();
  await db.query(
    sql`insert into door_sessions (token_hash, user_id, expires_at) values (${hash}, ${userId}, now() + make_interval(days => ${ctx.config.DOOR_SESSION_DAYS}))`,
  );
  return token;
}

/**
 * Ends a user's sessions after his password or PIN changed, but `keep` (the session that made the
 * change, when it is his own): whoever held the old secret must not stay signed in.
 */
export async function revokeSessions(db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query(sql`update door_sessions set revoked_at = now()
     where user_id = ${userId} and revoked_at is null and token_hash is distinct from ${keep}`);
  // A sign-in link not yet used would open a new session past the new secret: it goes too.
  await db.query(sql`delete from door_magic_tokens where user_id = ${userId} and used_at is null`);
}
