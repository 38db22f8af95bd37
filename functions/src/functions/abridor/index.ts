import { abridorActions, type DoorUser } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../db';
import { HttpError } from '../../http-error';
import { actionFunction } from '../../router';
import { audit } from './audit';
import { claimLoginAttempt, recordLoginFailure, recordLoginSuccess } from './login-throttle';
import { pinPepper } from './pepper';
import { checkPin } from './pin-check';
import { dummyPasswordHash, hashPassword, hashPin, needsRehash, newToken, sha256, verifyPassword } from './secrets';
import { ADMIN_USUARIO } from './setup';

const MAGIC_TOKEN_HOURS = 24;

interface UserRow extends Record<string, unknown> {
  id: string;
  usuario: string;
  box: string | null;
  password_hash: string;
  pin_hash: string;
}

const toDoorUser = (row: Pick<UserRow, 'id' | 'usuario' | 'box'>): DoorUser => ({
  id: row.id,
  usuario: row.usuario,
  box: row.box,
  isAdmin: row.usuario === ADMIN_USUARIO,
});

/** The user of a live session token, or 401. */
async function sessionUser(ctx: FunctionContext, token: string): Promise<UserRow> {
  const { rows } = await ctx.db.query<UserRow>(
    `select u.id::text as id, u.usuario, u.box, u.password_hash, u.pin_hash
     from door_sessions s join door_users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [sha256(token)],
  );
  const user = rows[0];
  if (!user) throw new HttpError(401, 'Sesión inválida o expirada');
  return user;
}

async function adminUser(ctx: FunctionContext, token: string): Promise<UserRow> {
  const user = await sessionUser(ctx, token);
  if (user.usuario !== ADMIN_USUARIO) throw new HttpError(403, 'Solo el administrador puede hacer esto');
  return user;
}

async function openSession(ctx: FunctionContext, userId: string, db: Queryable = ctx.db): Promise<string> {
  const { token, hash } = newToken();
  await db.query(
    `insert into door_sessions (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [hash, userId, ctx.config.DOOR_SESSION_DAYS],
  );
  return token;
}

/**
 * Ends a user's sessions after his password or PIN changed, but `keep` (the session that made the
 * change, when it is his own): whoever held the old secret must not stay signed in.
 */
async function revokeSessions(db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query(
    `update door_sessions set revoked_at = now()
     where user_id = $1 and revoked_at is null and token_hash is distinct from $2`,
    [userId, keep],
  );
}

/** A taken user name becomes a clear 409 (the only unique field a request can clash with). */
async function withConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, 'El usuario ya existe');
    throw error;
  }
}

export const abridorFunction = actionFunction('abridor', abridorActions, {
  async login({ usuario, contraseña }, ctx, meta) {
    const cost = ctx.config.DOOR_HASH_COST_LOG2;
    const { rows } = await ctx.db.query<UserRow>(
      'select id::text as id, usuario, box, password_hash, pin_hash from door_users where usuario = $1',
      [usuario],
    );
    const user = rows[0];
    const attempt = await claimLoginAttempt(ctx.db, {
      usuario,
      ip: meta.ip,
      userId: user?.id ?? null,
      knownForDays: ctx.config.DOOR_SESSION_DAYS,
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
         returning u.id::text as id, u.usuario, u.box`,
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

  async door_action({ token, pin, door_action }, ctx, meta) {
    const user = await sessionUser(ctx, token);
    const refused = await checkPin(ctx, user, pin, meta, {
      action: door_action,
      wrongPin: 'PIN inválido',
      rehash: true,
    });
    if (refused) return refused;
    const who = { userId: user.id, usuario: user.usuario, action: door_action };
    try {
      await ctx.doorRelay.pulse(door_action, user.id);
    } catch (error) {
      ctx.log.error({ err: error }, 'door relay failed');
      await audit(ctx.db, { ...who, result: 'relay_failed' }, meta);
      return { success: false, error: 'Error al procesar la acción' };
    }
    await audit(ctx.db, { ...who, result: 'ok' }, meta);
    return { success: true, message: `Acceso Autorizado: ${door_action}` };
  },

  /** The current PIN is checked like the keypad's (same lockout); other sessions end. */
  async change_pin({ token, currentPin, newPin }, ctx, meta) {
    const user = await sessionUser(ctx, token);
    const refused = await checkPin(ctx, user, currentPin, meta, {
      action: 'change_pin',
      wrongPin: 'El PIN actual no es correcto',
      rehash: false,
    });
    if (refused) return refused;
    const newHash = await hashPin(newPin, await pinPepper(ctx.config), ctx.config.DOOR_HASH_COST_LOG2);
    await ctx.db.transaction(async (tx) => {
      await tx.query('update door_users set pin_hash = $2, updated_at = now() where id = $1', [user.id, newHash]);
      await revokeSessions(tx, user.id, sha256(token));
      await audit(tx, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'ok' }, meta);
    });
    return { success: true };
  },

  async list_users({ token }, ctx) {
    await adminUser(ctx, token);
    const { rows } = await ctx.db.query<UserRow>(
      'select id::text as id, usuario, box from door_users order by usuario',
    );
    return { users: rows.map(toDoorUser) };
  },

  async add_user({ token, usuario, pin, contraseña, box }, ctx, meta) {
    const admin = await adminUser(ctx, token);
    const cost = ctx.config.DOOR_HASH_COST_LOG2;
    const passwordHash = await hashPassword(contraseña, cost);
    const pinHash = await hashPin(pin, await pinPepper(ctx.config), cost);
    const { rows } = await withConflicts(async () =>
      ctx.db.query<UserRow>(
        `insert into door_users (id, usuario, password_hash, pin_hash, box) values (gen_random_uuid(), $1, $2, $3, $4)
         returning id::text as id, usuario, box`,
        [usuario, passwordHash, pinHash, box?.trim() || null],
      ),
    );
    const user = rows[0] as UserRow;
    await audit(
      ctx.db,
      { userId: admin.id, usuario: admin.usuario, action: `add_user:${usuario}`, result: 'ok' },
      meta,
    );
    return { success: true as const, user: toDoorUser(user) };
  },

  async update_user({ token, userId, usuario, pin, contraseña, box }, ctx, meta) {
    const admin = await adminUser(ctx, token);
    const { rows: existing } = await ctx.db.query<UserRow>('select usuario from door_users where id::text = $1', [
      userId,
    ]);
    const target = existing[0];
    if (!target) throw new HttpError(404, 'Usuario no encontrado');
    if (target.usuario === ADMIN_USUARIO && usuario !== ADMIN_USUARIO) {
      throw new HttpError(400, 'El usuario admin no se puede renombrar');
    }
    const cost = ctx.config.DOOR_HASH_COST_LOG2;
    // Hashed before the transaction: the embedded database has one connection, which it holds.
    const pinHash = pin ? await hashPin(pin, await pinPepper(ctx.config), cost) : null;
    const passwordHash = contraseña ? await hashPassword(contraseña, cost) : null;
    const rows = await withConflicts(() =>
      ctx.db.transaction(async (tx) => {
        const updated = await tx.query<UserRow>(
          `update door_users set usuario = $2, box = $3,
             pin_hash = coalesce($4, pin_hash), password_hash = coalesce($5, password_hash), updated_at = now()
           where id::text = $1 returning id::text as id, usuario, box`,
          [userId, usuario, box?.trim() || null, pinHash, passwordHash],
        );
        const edited = updated.rows[0];
        if (edited && (pinHash || passwordHash)) {
          // A new secret ends every session that knew the old one; the admin editing himself stays in.
          await revokeSessions(tx, edited.id, edited.id === admin.id ? sha256(token) : null);
          // A new PIN from the admin starts the failure count again.
          if (pinHash) await tx.query('delete from door_pin_failures where user_id = $1', [edited.id]);
        }
        await audit(
          tx,
          { userId: admin.id, usuario: admin.usuario, action: `update_user:${usuario}`, result: 'ok' },
          meta,
        );
        return updated.rows;
      }),
    );
    return { success: true as const, user: toDoorUser(rows[0] as UserRow) };
  },

  async delete_user({ token, userId }, ctx, meta) {
    const admin = await adminUser(ctx, token);
    if (userId === admin.id) throw new HttpError(400, 'No puede eliminarse a sí mismo');
    const { rows } = await ctx.db.query<UserRow>('select usuario from door_users where id::text = $1', [userId]);
    const target = rows[0];
    if (!target) throw new HttpError(404, 'Usuario no encontrado');
    if (target.usuario === ADMIN_USUARIO) throw new HttpError(400, 'No se puede eliminar al administrador');
    await ctx.db.query('delete from door_users where id::text = $1', [userId]);
    await audit(
      ctx.db,
      { userId: admin.id, usuario: admin.usuario, action: `delete_user:${target.usuario}`, result: 'ok' },
      meta,
    );
    return { success: true as const };
  },

  async generate_magic_token({ token, target_user }, ctx, meta) {
    const admin = await adminUser(ctx, token);
    const { rows } = await ctx.db.query<UserRow>('select id::text as id, usuario from door_users where id::text = $1', [
      target_user,
    ]);
    const target = rows[0];
    if (!target) return { success: false, error: 'Usuario no encontrado' };
    const magic = newToken();
    await ctx.db.query(
      `insert into door_magic_tokens (token_hash, user_id, created_by, expires_at)
       values ($1, $2, $3, now() + make_interval(hours => $4))`,
      [magic.hash, target.id, admin.id, MAGIC_TOKEN_HOURS],
    );
    await audit(
      ctx.db,
      { userId: admin.id, usuario: admin.usuario, action: `magic_link:${target.usuario}`, result: 'issued' },
      meta,
    );
    return { success: true, magic_token: magic.token };
  },

  async list_audit({ token, limit = 50, before }, ctx) {
    await adminUser(ctx, token);
    // Newest first by time (ties by number), never by the id as text ("9" above "17"); `before`
    // is the last entry of the previous page (keyset paging: stable while new entries arrive).
    const { rows } = await ctx.db.query<{
      id: string;
      usuario: string | null;
      action: string;
      result: string;
      ip: string | null;
      created_at: Date | string;
    }>(
      `select a.id::text as id, a.usuario, a.action, a.result, a.ip, a.created_at from door_audit a
       where $2::bigint is null
          or (a.created_at, a.id) < (select b.created_at, b.id from door_audit b where b.id = $2::bigint)
       order by a.created_at desc, a.id desc limit $1`,
      [limit + 1, before ?? null],
    );
    return {
      entries: rows
        .slice(0, limit)
        .map((r) => ({ ...r, createdAt: new Date(r.created_at).toISOString(), created_at: undefined })),
      hasMore: rows.length > limit,
    };
  },
});
