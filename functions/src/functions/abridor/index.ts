import { abridorActions, type DoorUser } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../db';
import { HttpError } from '../../http-error';
import { actionFunction, type RequestMeta } from '../../router';
import { afterWrongPin, isLocked, secondsLeft } from './lockout';
import { hashPassword, hashPin, newToken, sha256, verifyPassword } from './secrets';
import { ADMIN_USUARIO, pinPepper } from './setup';

/** Failed logins (per user name or per address) allowed in the window before 429. */
const LOGIN_ATTEMPTS = 10;
const LOGIN_WINDOW = '15 minutes';
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

async function audit(
  db: Queryable,
  entry: { userId: string | null; usuario: string | null; action: string; result: string },
  meta: RequestMeta,
) {
  await db.query('insert into door_audit (user_id, usuario, action, result, ip) values ($1, $2, $3, $4, $5)', [
    entry.userId,
    entry.usuario,
    entry.action,
    entry.result,
    meta.ip,
  ]);
}

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

/** Unique violations become clear 409s: a taken user name or a PIN someone else has. */
function conflictMessage(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return where.includes('pin') ? 'Ese PIN ya está en uso' : 'El usuario ya existe';
}

async function withConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = conflictMessage(error);
    if (message) throw new HttpError(409, message);
    throw error;
  }
}

export const abridorFunction = actionFunction('abridor', abridorActions, {
  async login({ usuario, contraseña }, ctx, meta) {
    const { rows: recent } = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from door_audit where action = 'login' and result = 'failed'
       and created_at > now() - interval '${LOGIN_WINDOW}' and (usuario = $1 or ip = $2)`,
      [usuario, meta.ip],
    );
    if ((recent[0]?.n ?? 0) >= LOGIN_ATTEMPTS) {
      throw new HttpError(429, 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.');
    }
    const { rows } = await ctx.db.query<UserRow>(
      'select id::text as id, usuario, box, password_hash, pin_hash from door_users where usuario = $1',
      [usuario],
    );
    const user = rows[0];
    if (!user || !(await verifyPassword(contraseña, user.password_hash))) {
      await audit(ctx.db, { userId: user?.id ?? null, usuario, action: 'login', result: 'failed' }, meta);
      throw new HttpError(401, 'Credenciales inválidas');
    }
    const token = await openSession(ctx, user.id);
    await audit(ctx.db, { userId: user.id, usuario, action: 'login', result: 'ok' }, meta);
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
    const who = { userId: user.id, usuario: user.usuario, action: door_action };
    // Hashed before the transaction: the embedded database has one connection, which the transaction holds.
    const pinMatches = (await hashPin(pin, await pinPepper(ctx.db))) === user.pin_hash;
    const outcome = await ctx.db.transaction(async (tx) => {
      await tx.query('insert into door_pin_failures (user_id) values ($1) on conflict (user_id) do nothing', [user.id]);
      const { rows } = await tx.query<{ failures: number; locked_until: Date | string | null; now: Date | string }>(
        'select failures, locked_until, now() as now from door_pin_failures where user_id = $1 for update',
        [user.id],
      );
      const row = rows[0];
      const now = new Date(row?.now ?? Date.now());
      const state = {
        failures: row?.failures ?? 0,
        lockedUntil: row?.locked_until ? new Date(row.locked_until) : null,
      };
      if (state.lockedUntil && isLocked(state, now)) {
        await audit(tx, { ...who, result: 'locked' }, meta);
        const seconds = secondsLeft(state.lockedUntil, now);
        return {
          success: false,
          error: `Espere ${seconds} segundos antes del próximo intento`,
          lockedUntil: state.lockedUntil.toISOString(),
        };
      }
      if (!pinMatches) {
        const next = afterWrongPin(state, now);
        await tx.query('update door_pin_failures set failures = $2, locked_until = $3 where user_id = $1', [
          user.id,
          next.failures,
          next.lockedUntil,
        ]);
        await audit(tx, { ...who, result: 'wrong_pin' }, meta);
        return next.lockedUntil
          ? {
              success: false,
              error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
              lockedUntil: next.lockedUntil.toISOString(),
              attemptsLeft: 0,
            }
          : { success: false, error: 'PIN inválido', attemptsLeft: next.attemptsLeft };
      }
      await tx.query('update door_pin_failures set failures = 0, locked_until = null where user_id = $1', [user.id]);
      return null;
    });
    if (outcome) return outcome;
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

  async change_pin({ token, currentPin, newPin }, ctx, meta) {
    const user = await sessionUser(ctx, token);
    const pepper = await pinPepper(ctx.db);
    if ((await hashPin(currentPin, pepper)) !== user.pin_hash) {
      await audit(ctx.db, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'wrong_pin' }, meta);
      throw new HttpError(400, 'El PIN actual no es correcto');
    }
    const newHash = await hashPin(newPin, pepper);
    await withConflicts(() =>
      ctx.db.query('update door_users set pin_hash = $2, updated_at = now() where id = $1', [user.id, newHash]),
    );
    await audit(ctx.db, { userId: user.id, usuario: user.usuario, action: 'change_pin', result: 'ok' }, meta);
    return { success: true as const };
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
    const pepper = await pinPepper(ctx.db);
    const { rows } = await withConflicts(async () =>
      ctx.db.query<UserRow>(
        `insert into door_users (id, usuario, password_hash, pin_hash, box) values (gen_random_uuid(), $1, $2, $3, $4)
         returning id::text as id, usuario, box`,
        [usuario, await hashPassword(contraseña), await hashPin(pin, pepper), box?.trim() || null],
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
    const pepper = await pinPepper(ctx.db);
    const { rows } = await withConflicts(async () =>
      ctx.db.query<UserRow>(
        `update door_users set usuario = $2, box = $3,
           pin_hash = coalesce($4, pin_hash), password_hash = coalesce($5, password_hash), updated_at = now()
         where id::text = $1 returning id::text as id, usuario, box`,
        [
          userId,
          usuario,
          box?.trim() || null,
          pin ? await hashPin(pin, pepper) : null,
          contraseña ? await hashPassword(contraseña) : null,
        ],
      ),
    );
    await audit(
      ctx.db,
      { userId: admin.id, usuario: admin.usuario, action: `update_user:${usuario}`, result: 'ok' },
      meta,
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

  async list_audit({ token, limit = 50 }, ctx) {
    await adminUser(ctx, token);
    const { rows } = await ctx.db.query<{
      id: string;
      usuario: string | null;
      action: string;
      result: string;
      ip: string | null;
      created_at: Date | string;
    }>('select id::text as id, usuario, action, result, ip, created_at from door_audit order by id desc limit $1', [
      limit,
    ]);
    return {
      entries: rows.map((r) => ({ ...r, createdAt: new Date(r.created_at).toISOString(), created_at: undefined })),
    };
  },
});
