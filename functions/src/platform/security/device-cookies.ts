import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { type SqlStatement, sql } from '../db/sql';
import { sha256 } from './secrets';

/**
 * What a device cookie needs of the request: the router's RequestMeta is one (kept structural,
 * so this platform module does not import the HTTP layer).
 */
export interface CookieAccess {
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options: { path: string; maxAgeSeconds?: number }): void;
}

/**
 * OWASP's device cookies: a browser that has signed in to an account carries a random 256-bit
 * secret naming it (httpOnly, SameSite=Strict, `__Host-` on https); only its SHA-256 is stored,
 * bound to that account, until `days` after its last sign-in. It eases throttling for that account
 * alone (strangers' guesses at the name, or from the same address, do not hold its owner back
 * there, and its sign-in goes ahead of theirs for a hashing slot); it opens nothing by itself.
 *
 * One kind per sign-in (the back-office's `staff_device`, the door's `door_device`), each with its
 * table: `token_hash` (primary key), the owner's column, `created_at`, `last_used_at`,
 * `expires_at`, and `failures` when the kind has `maxFailures`.
 */
export interface DeviceCookies {
  /** The cookie's name (RequestMeta makes it `__Host-…` on https). */
  cookie: string;
  /** The cookie's path over plain http: the function that reads it (on https every cookie is at `/`). */
  path: string;
  /** The devices' table, and its column naming the owner (the `id` of `owners`). */
  table: string;
  ownerColumn: string;
  /** The accounts' table, and when one of its rows (alias `o`) is the live account of the typed `name`. */
  owners: string;
  ownerMatches(name: string): SqlStatement;
  /** A device is forgotten this many days after its last sign-in. */
  days: number;
  /** Devices kept per account: a new one beyond it replaces the least recently used. */
  maxPerOwner?: number;
  /**
   * Wrong passwords from one device since its last sign-in (counted when tried, before the
   * hash): the last one voids it, so a stolen cookie buys this many guesses and no more.
   */
  maxFailures?: number;
}

/** The kind's tables and owner column, as checked SQL identifiers. */
const names = (kind: DeviceCookies) => ({
  table: sql.identifier(kind.table),
  owners: sql.identifier(kind.owners),
  owner: sql.identifier(kind.ownerColumn),
});

/**
 * This browser's device, when it has signed in as the account of the typed `name` and is still
 * live (and under its failure limit): the stored hash naming it, else null.
 */
export async function trustedDevice(
  q: Queryable,
  kind: DeviceCookies,
  meta: CookieAccess,
  name: string,
): Promise<string | null> {
  const token = meta.cookie(kind.cookie);
  if (!token) return null;
  const hash = sha256(token);
  const { table, owners } = names(kind);
  const { rows } = await q.query(
    sql`select 1 from ${table} d join ${owners} o on o.id = ${sql.identifier(`d.${kind.ownerColumn}`)}
     where d.token_hash = ${hash} and d.expires_at > now() and ${kind.ownerMatches(name)}
       ${kind.maxFailures !== undefined ? sql`and d.failures < ${kind.maxFailures}` : sql``}`,
  );
  return rows.length ? hash : null;
}

/**
 * After a successful sign-in: this browser is the account's (renewed, and its failures forgotten,
 * when it already was; else a new secret, the account's expired and surplus devices going).
 */
export async function rememberDevice(
  q: Queryable,
  kind: DeviceCookies,
  meta: CookieAccess,
  ownerId: string,
): Promise<void> {
  const cookie = { path: kind.path, maxAgeSeconds: kind.days * 86_400 };
  const { table, owner } = names(kind);
  const current = meta.cookie(kind.cookie);
  if (current) {
    const { rows } = await q.query(
      sql`update ${table} set last_used_at = now(), expires_at = now() + make_interval(days => ${kind.days})
         ${kind.maxFailures !== undefined ? sql`, failures = 0` : sql``}
       where token_hash = ${sha256(current)} and ${owner} = ${ownerId} and expires_at > now() returning 1`,
    );
    if (rows.length) {
      meta.setCookie(kind.cookie, current, cookie);
      return;
    }
  }
  await q.query(sql`delete from ${table} where ${owner} = ${ownerId} and expires_at <= now()`);
  if (kind.maxPerOwner !== undefined) {
    await q.query(
      sql`delete from ${table} where token_hash in (
         select token_hash from ${table} where ${owner} = ${ownerId}
         order by last_used_at desc offset ${Math.max(0, kind.maxPerOwner - 1)})`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  await q.query(
    sql`insert into ${table} (token_hash, ${owner}, expires_at)
     values (${sha256(token)}, ${ownerId}, now() + make_interval(days => ${kind.days}))`,
  );
  meta.setCookie(kind.cookie, token, cookie);
}

/**
 * A sign-in from the device `hash` is about to check a password: counted as a failure now (so
 * parallel guesses are counted), false when the device has none left or is gone.
 */
export async function claimDeviceTry(q: Queryable, kind: DeviceCookies, hash: string): Promise<boolean> {
  const { rows } = await q.query(
    sql`update ${names(kind).table} set failures = failures + 1
     where token_hash = ${hash} and expires_at > now() and failures < ${kind.maxFailures ?? 0} returning 1`,
  );
  return rows.length > 0;
}

/** The password was wrong: the device's last allowed failure voids it (the cookie names nothing). */
export async function deviceTryFailed(q: Queryable, kind: DeviceCookies, hash: string): Promise<void> {
  await q.query(
    sql`delete from ${names(kind).table} where token_hash = ${hash} and failures >= ${kind.maxFailures ?? 0}`,
  );
}

/** The try was turned away before its password was checked (a busy service): it counts for nothing. */
export async function releaseDeviceTry(q: Queryable, kind: DeviceCookies, hash: string): Promise<void> {
  await q.query(sql`update ${names(kind).table} set failures = greatest(failures - 1, 0) where token_hash = ${hash}`);
}
