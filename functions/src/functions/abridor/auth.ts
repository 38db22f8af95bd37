import type { abridorActions } from 'shared-api';
import type { FunctionContext } from '../../context';
import { HttpError } from '../../http-error';
import { addressGuards, HashBusyError, type HashWork, hashSlots } from '../../platform/security/hash-slots';
import type { ActionHandlers, RequestMeta } from '../../router';
import { audit } from './audit';
import {
  addressStanding,
  claimLoginAttempt,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from './login-throttle';
import { dummyPasswordHash, hashPassword, needsRehash, sha256, verifyPassword } from './secrets';
import { DOOR_USER_LANGUAGE, openSession, sessionUser, toDoorUser, type UserRow } from './sessions';

const TOO_MANY_SIGN_INS = 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.';

/** Sign-in by password; the hash waits for a slot in the `line` its address belongs in. */
async function signIn(usuario: string, contraseña: string, line: HashWork, ctx: FunctionContext, meta: RequestMeta) {
  const cost = ctx.config.DOOR_HASH_COST_LOG2;
  const { rows } = await ctx.db.query<UserRow>(
    `select u.id::text as id, u.usuario, u.box, u.password_hash, u.pin_hash, ${DOOR_USER_LANGUAGE}
       from door_users u where u.usuario = $1`,
    [usuario],
  );
  const user = rows[0];
  const attempt = await claimLoginAttempt(ctx.db, {
    usuario,
    ip: meta.ip,
    userId: user?.id ?? null,
    knownForDays: ctx.config.DOOR_SESSION_DAYS,
    addressPerMinute: ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE,
  });
  if (!attempt) throw new HttpError(429, 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.');
  // An unknown name costs the same hash as a known one: timing does not tell which names exist.
  let right = false;
  if (user) right = await verifyPassword(contraseña, user.password_hash);
  else await verifyPassword(contraseña, await dummyPasswordHash(cost));
  if (!user || !right) {
    await recordLoginFailure(ctx.db, usuario, attempt);
    throw new HttpError(401, 'Credenciales inválidas');
  }
  const upgraded = needsRehash(user.password_hash, cost) ? await hashPassword(contraseña, cost) : null;
  const token = await ctx.db.transaction(async (tx) => {
    // The password may have changed while it was being checked (the admin ending every session
    // that knew the old one): then the old one opens no new session either.
    const { rows: unchanged } = await tx.query(
      'select 1 from door_users where id = $1 and password_hash = $2 for update',
      [user.id, user.password_hash],
    );
    if (!unchanged.length) return null;
    await recordLoginSuccess(tx, attempt, user.id);
    if (upgraded) {
      await tx.query('update door_users set password_hash = $2 where id = $1', [user.id, upgraded]);
    }
    return openSession(ctx, user.id, tx);
  });
  if (!token) {
    await recordLoginFailure(ctx.db, usuario, attempt);
    throw new HttpError(401, 'Credenciales inválidas');
  }
  return { token, user: toDoorUser(user) };
}

/** Signing in and out: a password (throttled), a session token, or a magic link used once. */
export const authActions: ActionHandlers<Pick<typeof abridorActions, 'login' | 'validate_token' | 'logout'>> = {
  async login({ usuario, contraseña }, ctx, meta) {
    // An address past its minute's budget is turned away before it waits for a hashing slot; a
    // refusal for a busy service then counts against nobody's limits.
    const budget = ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE;
    const { refused, onePerAddress } = addressGuards(ctx.db);
    if (refused.has(meta.ip)) throw new HttpError(429, TOO_MANY_SIGN_INS);
    const standing = await addressStanding(ctx.db, meta.ip, budget, { lock: false });
    if (standing.overBudget) {
      refused.add(meta.ip);
      throw new HttpError(429, TOO_MANY_SIGN_INS);
    }
    try {
      return await onePerAddress(meta.ip, () =>
        signIn(usuario, contraseña, standing.failing ? 'suspect' : 'sign-in', ctx, meta),
      );
    } catch (error) {
      // The door speaks the spec's Spanish: a busy service says so in its words.
      if (error instanceof HashBusyError) throw new HashBusyError(TOO_MANY_SIGN_INS);
      throw error;
    }
  },

  async validate_token({ token }, ctx, meta) {
    try {
      return { valid: true, user: toDoorUser(await sessionUser(ctx, token)) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
    // Not a session: maybe a magic link, used once and exchanged for a session.
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `update door_magic_tokens m set used_at = now()
         from door_users u
         where m.token_hash = $1 and m.used_at is null and m.expires_at > now() and u.id = m.user_id
         returning u.id::text as id, u.usuario, u.box, ${DOOR_USER_LANGUAGE}`,
        [sha256(token)],
      );
      const user = rows[0];
      if (!user) return { valid: false, user: null };
      const session = await openSession(ctx, user.id, tx);
      await audit(tx, { userId: user.id, usuario: user.usuario, action: 'magic_link', result: 'ok' }, meta);
      return { valid: true, user: toDoorUser(user), token: session };
    });
  },

  async logout({ token }, ctx) {
    await ctx.db.query('update door_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [
      sha256(token),
    ]);
    return { success: true as const };
  },
};
