import { randomUUID } from 'node:crypto';
import { RESEND_COOLDOWN_SECONDS } from 'shared-api';
import { ACCOUNT_PATHS, ACCOUNT_SIGN_IN_MAX_WRONG_CODES, ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { newToken, sha256 } from '../../platform/security/secrets';
import { type Contact, contactKey, parseContact } from './contact';
import { signInEmail, signInSms } from './messages';
import { codeHash, codeMatches, newCode } from './one-time-code';

type SignInContext = Pick<FunctionContext, 'db' | 'clock' | 'config' | 'mailer' | 'sms'>;

const INVALID_CONTACT = 'Enter the e-mail or mobile phone of your rental.';
const TOO_MANY = 'Too many sign-in requests from here. Please try again in a few minutes.';
export const SIGN_IN_NOT_VALID = 'This code or link is not valid or has expired: ask for a new one.';
const ADDRESS_WINDOW_MINUTES = 15;

/**
 * The tenancies a contact may see: theirs, signed (moving in on a day to come, or waiting for a
 * unit), under way or ended (an ended one still has invoices).
 */
export async function tenanciesOf(q: Queryable, contact: Contact): Promise<string[]> {
  const { rows } =
    contact.kind === 'email'
      ? await q.query<{ id: string }>(sql`select id::text from registrations
           where lower(email) = ${contact.value} and move_in_status in ('allocated', 'ended', 'scheduled', 'awaiting_unit') order by created_at`)
      : await q.query<{ id: string }>(sql`select id::text from registrations
           where phone = ${contact.value} and move_in_status in ('allocated', 'ended', 'scheduled', 'awaiting_unit') order by created_at`);
  return rows.map((row) => row.id);
}

/**
 * A way into the account, sent to the contact if it is a tenant's. Whoever asks gets the same
 * answer (a sign-in id) and the same work is done (a row written), so nothing tells a tenant's
 * contact from anyone's. Asked again within the resend cooldown, the same sign-in answers and
 * nothing more is sent; an address asking for too many is held back for everyone it asks about.
 */
export async function requestSignIn(
  ctx: SignInContext,
  input: { contact: string; language: Language; ip: string | null },
): Promise<{ signInId: string }> {
  const contact = parseContact(input.contact);
  if (!contact) throw new HttpError(400, INVALID_CONTACT);
  const key = contactKey(contact);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // One request per contact and per address at a time: two at once cannot both pass the checks.
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`account-sign-in:${input.ip ?? ''}`}))`);
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`account-sign-in:${key}`}))`);
    const since = new Date(now.getTime() - ADDRESS_WINDOW_MINUTES * 60_000);
    const { rows: asked } = await tx.query<{ n: number }>(sql`select count(*)::integer as n from account_sign_ins
       where ip is not distinct from ${input.ip} and created_at > ${since}`);
    if ((asked[0]?.n ?? 0) >= ctx.config.ACCOUNT_SIGN_INS_PER_ADDRESS) throw new HttpError(429, TOO_MANY);
    const cooldown = new Date(now.getTime() - RESEND_COOLDOWN_SECONDS * 1000);
    const { rows: recent } = await tx.query<{ id: string }>(sql`select id::text from account_sign_ins
       where contact = ${key} and created_at > ${cooldown} and used_at is null order by created_at desc limit 1`);
    if (recent[0]) return { signInId: recent[0].id };
    const signInId = randomUUID();
    const expiresAt = new Date(now.getTime() + ACCOUNT_SIGN_IN_MINUTES * 60_000);
    const tenant = (await tenanciesOf(tx, contact)).length > 0;
    const { token, hash } = newToken();
    const signInCode = newCode();
    await tx.query(sql`insert into account_sign_ins (id, contact, token_hash, code_hash, created_at, expires_at, ip)
       values (${signInId}, ${key}, ${tenant ? hash : null}, ${tenant ? codeHash(signInId, signInCode) : null},
         ${now}, ${expiresAt}, ${input.ip})`);
    if (!tenant) return { signInId };
    const link = new URL(ACCOUNT_PATHS[input.language], ctx.config.PUBLIC_SITE_URL);
    link.hash = `${input.language === 'en' ? 'access' : 'acceso'}=${token}`;
    if (contact.kind === 'email') {
      await ctx.mailer.send(
        {
          to: contact.value,
          versions: [
            signInEmail(input.language, { link: link.toString(), signInCode, minutes: ACCOUNT_SIGN_IN_MINUTES }),
          ],
        },
        tx,
      );
    } else {
      await ctx.sms.queue(
        { to: contact.value, text: signInSms(input.language, signInCode, ACCOUNT_SIGN_IN_MINUTES) },
        tx,
      );
    }
    return { signInId };
  });
}

/**
 * A sign-in's link or code, once: the contact it was sent to, or null for every reason alike
 * (unknown, used, expired, too many wrong codes, a contact that is nobody's). A wrong code is
 * counted in the caller's transaction, which commits: the caller answers `NOT_VALID` after it.
 */
export async function verifySignIn(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock'>,
  input: { token: string } | { signInId: string; code: string },
): Promise<string | null> {
  const now = ctx.clock.now();
  const { rows } =
    'token' in input
      ? await tx.query<{ id: string; contact: string; code_hash: string | null; wrong_codes: number }>(
          sql`select id::text, contact, code_hash, wrong_codes from account_sign_ins
             where token_hash = ${sha256(input.token)} and used_at is null and expires_at > ${now} for update`,
        )
      : await tx.query<{ id: string; contact: string; code_hash: string | null; wrong_codes: number }>(
          sql`select id::text, contact, code_hash, wrong_codes from account_sign_ins
             where id = ${input.signInId} and used_at is null and expires_at > ${now} for update`,
        );
  const signIn = rows[0];
  if (!signIn?.code_hash || signIn.wrong_codes >= ACCOUNT_SIGN_IN_MAX_WRONG_CODES) return null;
  if ('code' in input) {
    if (!codeMatches(signIn.id, input.code, signIn.code_hash)) {
      await tx.query(sql`update account_sign_ins set wrong_codes = wrong_codes + 1 where id = ${signIn.id}`);
      return null;
    }
  }
  await tx.query(sql`update account_sign_ins set used_at = ${now} where id = ${signIn.id}`);
  return signIn.contact;
}
