import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { rememberDevice, trustedDevice } from '../../platform/security/device-cookies';
import { addressGuards, HashBusyError, type HashWork, hashSlots } from '../../platform/security/hash-slots';
import { dummyPasswordHash, hashPassword, needsRehash, sha256, verifyPassword } from '../../platform/security/secrets';
import { audit } from './audit';
import { DOOR_DEVICES } from './devices';
import {
  claimLoginAttempt,
  doorAddressStanding,
  recordLoginFailure,
  recordLoginSuccess,
  releaseLoginAttempt,
} from './login-throttle';
import { DOOR_USER_LANGUAGE, openSession, sessionUser, toDoorUser, type UserRow } from './sessions';

const TOO_MANY_SIGN_INS = 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.';

/**
 * Sign-in by password; the hash waits for a slot in the `line` its browser or address belongs in.
 * `device`: the user's own browser (its device cookie's hash), limited by its own failures only.
 */
async function signIn(
  usuario: string,
  contraseña: string,
  line: HashWork,
  device: string | null,
  ctx: FunctionContext,
  meta: RequestMeta,
) {
  const cost = ctx.config.DOOR_HASH_COST_LOG2;
  const { rows } =
    await ctx.db.query<UserRow>(sql`select u.id::text as id, u.usuario, u.box, u.password_hash, u.pin_hash, u.password_change_required,
       ${DOOR_USER_LANGUAGE}
       from door_users u where u.usuario = ${usuario}`);
  const user = rows[0];
  const attempt = await claimLoginAttempt(ctx.db, {
    usuario,
    ip: meta.ip,
    userId: user?.id ?? null,
    knownForDays: ctx.config.DOOR_SESSION_DAYS,
    addressPerMinute: ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE,
    device,
  });
  if (!attempt) throw new HttpError(429, TOO_MANY_SIGN_INS);
  // An unknown name costs the same hash as a known one: timing does not tell which names exist.
  let right = false;
  try {
    const stored = user?.password_hash ?? (await dummyPasswordHash(cost));
    right =
      (await hashSlots.run(line, async () => {
        const matches = await verifyPassword(contraseña, stored);
        // A hash cheaper than today's (a tenant's random password nobody knows, an older cost)
        // takes as long as any other: timing does not tell which names are tenants either.
        if (user && needsRehash(user.password_hash, cost))
          await verifyPassword(contraseña, await dummyPasswordHash(cost));
        return matches;
      })) && user !== undefined;
  } catch (error) {
    // Turned away for a busy service: the attempt counts against no name's (nor device's) limits.
    if (error instanceof HashBusyError) await releaseLoginAttempt(ctx.db, attempt, device);
    throw error;
  }
  if (!user || !right) {
    await recordLoginFailure(ctx.db, usuario, attempt, device);
    throw new HttpError(401, 'Credenciales inválidas');
  }
  const upgraded = needsRehash(user.password_hash, cost) ? await hashPassword(contraseña, cost) : null;
  const token = await ctx.db.transaction(async (tx) => {
    // The password may have changed while it was being checked (the admin ending every session
    // that knew the old one): then the old one opens no new session either.
    const { rows: unchanged } = await tx.query(
      sql`select 1 from door_users where id = ${user.id} and password_hash = ${user.password_hash} for update`,
    );
    if (!unchanged.length) return null;
    await recordLoginSuccess(tx, attempt, user.id);
    if (upgraded) {
      await tx.query(sql`update door_users set password_hash = ${upgraded} where id = ${user.id}`);
    }
    // This browser is the user's from now on (renewed, its failures forgotten, when it was).
    await rememberDevice(tx, DOOR_DEVICES, meta, user.id);
    return openSession(ctx, user.id, tx);
  });
  if (!token) {
    await recordLoginFailure(ctx.db, usuario, attempt, device);
    throw new HttpError(401, 'Credenciales inválidas');
  }
  return { token, user: toDoorUser(user) };
}

/** Sign-in by name and password: a user's own browser goes ahead of strangers, an address past its budget waits. */
export async function doorLogIn(
  ctx: FunctionContext,
  { usuario, contraseña }: { usuario: string; contraseña: string },
  meta: RequestMeta,
) {
  try {
    // A browser that has signed in as this user before is his: strangers' guesses at this name
    // or from this address do not hold it back (its own failures do), and it goes ahead of
    // them for a hashing slot.
    const device = await trustedDevice(ctx.db, DOOR_DEVICES, meta, usuario);
    if (device) return await signIn(usuario, contraseña, 'known', device, ctx, meta);
    // An address past its minute's budget is turned away before it waits for a hashing slot; a
    // refusal for a busy service then counts against nobody's limits.
    const budget = ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE;
    const { refused, onePerAddress } = addressGuards(ctx.db);
    if (refused.has(meta.ip)) throw new HttpError(429, TOO_MANY_SIGN_INS);
    const standing = await doorAddressStanding(ctx.db, meta.ip, budget, { lock: false });
    if (standing.overBudget) {
      refused.add(meta.ip);
      throw new HttpError(429, TOO_MANY_SIGN_INS);
    }
    const line = standing.failing ? 'suspect' : 'sign-in';
    return await onePerAddress(meta.ip, () => signIn(usuario, contraseña, line, null, ctx, meta));
  } catch (error) {
    // The door speaks the spec's Spanish: a busy service says so in its words.
    if (error instanceof HashBusyError) throw new HashBusyError(TOO_MANY_SIGN_INS);
    throw error;
  }
}

/** A session token still good, or a magic link used once and exchanged for a session. */
export async function validateDoorToken(ctx: FunctionContext, token: string, meta: RequestMeta) {
  try {
    return { valid: true, user: toDoorUser(await sessionUser(ctx, token, { passwordChange: true })) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  // Not a session: maybe a magic link, used once and exchanged for a session.
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(sql`update door_magic_tokens m set used_at = now()
       from door_users u
       where m.token_hash = ${sha256(token)} and m.used_at is null and m.expires_at > now() and u.id = m.user_id
       returning u.id::text as id, u.usuario, u.box, u.password_change_required, ${DOOR_USER_LANGUAGE}`);
    const user = rows[0];
    if (!user) return { valid: false, user: null };
    const session = await openSession(ctx, user.id, tx);
    // Signed in: this browser is the user's, as after a password.
    await rememberDevice(tx, DOOR_DEVICES, meta, user.id);
    await audit(tx, { userId: user.id, usuario: user.usuario, action: 'magic_link', result: 'ok' }, meta);
    return { valid: true, user: toDoorUser(user), token: session };
  });
}

/** The session ends. */
export async function doorLogOut(ctx: Pick<FunctionContext, 'db'>, token: string) {
  await ctx.db.query(
    sql`update door_sessions set revoked_at = now() where token_hash = ${sha256(token)} and revoked_at is null`,
  );
  return { success: true as const };
}
