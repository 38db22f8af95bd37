import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { passwordProblem } from '../../platform/security/password-policy';
import { pinPepper } from '../../platform/security/pepper';
import { hashPassword, hashPin, newToken, sha256 } from '../../platform/security/secrets';
import { audit } from './audit';
import { pinHashCost } from './pin-cost';
import { revokeSessions, toDoorUser, type UserRow } from './sessions';
import { ADMIN_USUARIO } from './setup';

const MAGIC_TOKEN_HOURS = 24;

const DOOR_PASSWORD_TOO_SHORT = 'La contraseña debe tener al menos 12 caracteres';
const DOOR_PASSWORD_TOO_GUESSABLE =
  'Contraseña demasiado fácil de adivinar: use una más larga, por ejemplo varias palabras sin relación';

/** The door's users sign in with these: the same rule as the back-office's (ASVS 2.1), in Spanish. */
export function assertStrongDoorPassword(contraseña: string, usuario: string, business: string): void {
  const problem = passwordProblem(contraseña, [usuario, business]);
  if (problem === 'too_short')
    throw new HttpError(400, DOOR_PASSWORD_TOO_SHORT, { contraseña: DOOR_PASSWORD_TOO_SHORT });
  if (problem === 'too_guessable') {
    throw new HttpError(400, DOOR_PASSWORD_TOO_GUESSABLE, { contraseña: DOOR_PASSWORD_TOO_GUESSABLE });
  }
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

/** The door's users by name, each with the rental (registration code) it belongs to, if any. */
export async function doorUsersWithRentals(q: Queryable) {
  const { rows } = await q.query<{ id: string; usuario: string; box: string | null; registration_code: string | null }>(
    sql`select u.id::text as id, u.usuario, u.box, r.registration_code
     from door_users u left join registrations r on r.id = u.registration_id order by u.usuario`,
  );
  return rows;
}

/** The admin adds a user, with a password the user changes at the first sign-in. */
export async function addDoorUser(
  ctx: FunctionContext,
  admin: UserRow,
  {
    usuario,
    pin,
    contraseña,
    box,
  }: { usuario: string; pin: string; contraseña: string; box?: string | null | undefined },
  meta: RequestMeta,
) {
  assertStrongDoorPassword(contraseña, usuario, ctx.config.BUSINESS_NAME);
  const cost = ctx.config.DOOR_HASH_COST_LOG2;
  const passwordHash = await hashPassword(contraseña, cost);
  const pinHash = await hashPin(pin, await pinPepper(ctx.config), pinHashCost(ctx.config));
  const { rows } = await withConflicts(async () =>
    ctx.db.query<UserRow>(
      // The admin chose it: the user chooses their own at the first sign-in (ASVS 2.3.1).
      sql`insert into door_users (id, usuario, password_hash, pin_hash, box, password_change_required)
       values (gen_random_uuid(), ${usuario}, ${passwordHash}, ${pinHash}, ${box?.trim() || null}, true)
       returning id::text as id, usuario, box, password_change_required`,
    ),
  );
  const user = rows[0] as UserRow;
  await audit(ctx.db, { userId: admin.id, usuario: admin.usuario, action: `add_user:${usuario}`, result: 'ok' }, meta);
  return { success: true as const, user: toDoorUser(user) };
}

/** The admin edits a user: a new PIN or password ends that user's sessions (not the admin's own). */
export async function updateDoorUser(
  ctx: FunctionContext,
  admin: UserRow,
  token: string,
  {
    userId,
    usuario,
    pin,
    contraseña,
    box,
  }: {
    userId: string;
    usuario: string;
    pin?: string | undefined;
    contraseña?: string | undefined;
    box?: string | null | undefined;
  },
  meta: RequestMeta,
) {
  const { rows: existing } = await ctx.db.query<UserRow>(
    sql`select usuario from door_users where id::text = ${userId}`,
  );
  const target = existing[0];
  if (!target) throw new HttpError(404, 'Usuario no encontrado');
  if (target.usuario === ADMIN_USUARIO && usuario !== ADMIN_USUARIO) {
    throw new HttpError(400, 'El usuario admin no se puede renombrar');
  }
  const cost = ctx.config.DOOR_HASH_COST_LOG2;
  // Hashed before the transaction: the embedded database has one connection, which it holds.
  const pinHash = pin ? await hashPin(pin, await pinPepper(ctx.config), pinHashCost(ctx.config)) : null;
  if (contraseña) assertStrongDoorPassword(contraseña, usuario, ctx.config.BUSINESS_NAME);
  const passwordHash = contraseña ? await hashPassword(contraseña, cost) : null;
  const rows = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx.query<UserRow>(
        // A password the admin sets for someone else is theirs to change at the next sign-in.
        sql`update door_users set usuario = ${usuario}, box = ${box?.trim() || null},
           pin_hash = coalesce(${pinHash}, pin_hash), password_hash = coalesce(${passwordHash}, password_hash),
           password_change_required = case when ${passwordHash}::text is null then password_change_required
                                           else id::text <> ${admin.id} end,
           updated_at = now()
         where id::text = ${userId} returning id::text as id, usuario, box, password_change_required`,
      );
      const edited = updated.rows[0];
      if (edited && (pinHash || passwordHash)) {
        // A new secret ends every session that knew the old one; the admin editing himself stays in.
        await revokeSessions(tx, edited.id, edited.id === admin.id ? sha256(token) : null);
        // A new PIN from the admin starts the failure count again.
        if (pinHash) await tx.query(sql`delete from door_pin_failures where user_id = ${edited.id}`);
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
}

/** The admin removes a user (never himself, never the admin). */
export async function deleteDoorUser(ctx: FunctionContext, admin: UserRow, userId: string, meta: RequestMeta) {
  if (userId === admin.id) throw new HttpError(400, 'No puede eliminarse a sí mismo');
  const { rows } = await ctx.db.query<UserRow>(sql`select usuario from door_users where id::text = ${userId}`);
  const target = rows[0];
  if (!target) throw new HttpError(404, 'Usuario no encontrado');
  if (target.usuario === ADMIN_USUARIO) throw new HttpError(400, 'No se puede eliminar al administrador');
  await ctx.db.query(sql`delete from door_users where id::text = ${userId}`);
  await audit(
    ctx.db,
    { userId: admin.id, usuario: admin.usuario, action: `delete_user:${target.usuario}`, result: 'ok' },
    meta,
  );
  return { success: true as const };
}

/** A single-use sign-in link for a user, made by the admin (24 h). */
export async function issueMagicLink(ctx: FunctionContext, admin: UserRow, target_user: string, meta: RequestMeta) {
  const { rows } = await ctx.db.query<UserRow>(
    sql`select id::text as id, usuario from door_users where id::text = ${target_user}`,
  );
  const target = rows[0];
  if (!target) return { success: false, error: 'Usuario no encontrado' };
  const magic = newToken();
  await ctx.db.query(sql`insert into door_magic_tokens (token_hash, user_id, created_by, expires_at)
     values (${magic.hash}, ${target.id}, ${admin.id}, now() + make_interval(hours => ${MAGIC_TOKEN_HOURS}))`);
  await audit(
    ctx.db,
    { userId: admin.id, usuario: admin.usuario, action: `magic_link:${target.usuario}`, result: 'issued' },
    meta,
  );
  return { success: true, magic_token: magic.token };
}

/** The rental a door user (or a registration code, when the tenant has no user) stands for. */
export async function rentalToEnd(
  q: Queryable,
  { userId, registrationCode }: { userId?: string | undefined; registrationCode?: string | undefined },
): Promise<string> {
  let registrationId: string;
  if (registrationCode) {
    const { rows } = await q.query<{ id: string }>(
      sql`select id::text from registrations where registration_code = ${registrationCode}`,
    );
    if (!rows[0]) throw new HttpError(404, 'Registro no encontrado');
    registrationId = rows[0].id;
  } else {
    const { rows } = await q.query<{ registration_id: string | null }>(
      sql`select registration_id::text from door_users where id::text = ${userId}`,
    );
    const target = rows[0];
    if (!target) throw new HttpError(404, 'Usuario no encontrado');
    if (!target.registration_id) throw new HttpError(400, 'Este usuario no tiene un alquiler');
    registrationId = target.registration_id;
  }
  return registrationId;
}
