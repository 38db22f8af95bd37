import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import type { RequestMeta } from '../../platform/request-meta';
import { hashSlots } from '../../platform/security/hash-slots';
import { pinPepper } from '../../platform/security/pepper';
import { hashPin, needsRehash, verifyPin } from '../../platform/security/secrets';
import { audit } from './audit';
import { afterWrongPin, isLocked, type PinFailureState, secondsLeft } from './lockout';
import { pinHashCost } from './pin-cost';

/** A refused PIN, answered alike by every action that checks one (door_action, change_pin). */
export interface PinRefusal {
  success: false;
  error: string;
  /** After a wrong PIN: tries left before the lockout. */
  attemptsLeft?: number;
  /** While locked out: when PINs are checked again (ISO time). */
  lockedUntil?: string;
}

interface FailureRow extends Record<string, unknown> {
  failures: number;
  locked_until: Date | string | null;
  now: Date | string;
}

/** The lockout runs on the service clock (a test moves it instead of waiting 15 s). */
const failuresOf = (userId: string, now: Date, { forUpdate = false } = {}) =>
  sql`select failures, locked_until, ${now}::timestamptz as now from door_pin_failures where user_id = ${userId}
    ${forUpdate ? sql`for update` : sql``}`;

function stateOf(row: FailureRow | undefined, now: Date): PinFailureState & { now: Date } {
  return {
    failures: row?.failures ?? 0,
    lockedUntil: row?.locked_until ? new Date(row.locked_until) : null,
    now: row?.now ? new Date(row.now) : now,
  };
}

const lockedAnswer = (lockedUntil: Date, now: Date): PinRefusal => ({
  success: false,
  error: `Espere ${secondsLeft(lockedUntil, now)} segundos antes del próximo intento`,
  lockedUntil: lockedUntil.toISOString(),
});

/**
 * Every check of a user's PIN goes through here, whatever the action: failures count per user in
 * the database, the third in a row locks that user's PIN for 15 s (lockout.ts), and a locked PIN
 * is refused even when right — otherwise another action would be a way round the keypad's limit.
 * Only this user's hash is checked. Returns null for the right PIN (upgrading an old hash), else
 * the answer to give.
 */
export async function checkPin(
  ctx: FunctionContext,
  user: { id: string; usuario: string; pin_hash: string },
  pin: string,
  meta: RequestMeta,
  options: { action: string; wrongPin: string; rehash: boolean },
): Promise<PinRefusal | null> {
  const who = { userId: user.id, usuario: user.usuario, action: options.action };
  // While locked, refuse before spending a slow hash; the transaction below has the last word.
  const early = stateOf(
    (await ctx.db.query<FailureRow>(failuresOf(user.id, ctx.clock.now()))).rows[0],
    ctx.clock.now(),
  );
  if (early.lockedUntil && isLocked(early, early.now)) {
    await audit(ctx.db, { ...who, result: 'locked' }, meta);
    return lockedAnswer(early.lockedUntil, early.now);
  }
  // Hashed outside the transaction: the embedded database has one connection, which a transaction holds.
  const pepper = await pinPepper(ctx.config);
  // A signed-in user at the door goes ahead of sign-ins waiting for a hashing slot.
  const right = await hashSlots.run('signed-in', () => verifyPin(pin, user.pin_hash, pepper));
  const refusal = await ctx.db.transaction(async (tx): Promise<PinRefusal | null> => {
    await tx.query(sql`insert into door_pin_failures (user_id) values (${user.id}) on conflict (user_id) do nothing`);
    const state = stateOf(
      (await tx.query<FailureRow>(failuresOf(user.id, ctx.clock.now(), { forUpdate: true }))).rows[0],
      ctx.clock.now(),
    );
    if (state.lockedUntil && isLocked(state, state.now)) {
      await audit(tx, { ...who, result: 'locked' }, meta);
      return lockedAnswer(state.lockedUntil, state.now);
    }
    if (!right) {
      const next = afterWrongPin(state, state.now);
      await tx.query(
        sql`update door_pin_failures set failures = ${next.failures}, locked_until = ${next.lockedUntil} where user_id = ${user.id}`,
      );
      await audit(tx, { ...who, result: 'wrong_pin' }, meta);
      return next.lockedUntil
        ? {
            success: false,
            error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
            lockedUntil: next.lockedUntil.toISOString(),
            attemptsLeft: 0,
          }
        : { success: false, error: options.wrongPin, attemptsLeft: next.attemptsLeft };
    }
    await tx.query(sql`update door_pin_failures set failures = 0, locked_until = null where user_id = ${user.id}`);
    return null;
  });
  if (refusal) return refusal;
  // A PIN hashed at another cost (an older default) is hashed again at today's after it matched.
  if (options.rehash && needsRehash(user.pin_hash, pinHashCost(ctx.config))) {
    const upgraded = await hashPin(pin, pepper, pinHashCost(ctx.config));
    // Only over the hash just checked: a PIN changed meanwhile wins.
    await ctx.db.query(
      sql`update door_users set pin_hash = ${upgraded} where id = ${user.id} and pin_hash = ${user.pin_hash}`,
    );
  }
  return null;
}
