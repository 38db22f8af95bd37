import { randomUUID } from 'node:crypto';
import { ACCOUNT_SIGN_IN_MAX_WRONG_CODES, ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { dropMandateChange } from '../contracts';
import { type Contact, contactKey, maskedContact, parseContact } from './contact';
import { contactChangedEmail, contactChangedSms, contactCodeEmail, contactCodeSms } from './messages';
import { codeHash, codeMatches, newCode } from './one-time-code';
import { revokeAccountSessions, type Tenant } from './session';

/** Codes to new contacts a tenant may ask for in an hour: a few typos, not a way to spam strangers. */
const CHANGES_PER_HOUR = 3;
const INVALID_EMAIL = 'Enter a valid e-mail address.';
const INVALID_PHONE = 'Enter a mobile number (Spain or the European Union) that can receive our text messages.';

type ChangeContext = Pick<FunctionContext, 'clock' | 'mailer' | 'sms' | 'esign' | 'log'>;

/**
 * A tenant asks to change their e-mail or mobile: a code goes to the new one, and nothing changes
 * until it comes back. The rentals it will apply to are the session's.
 */
export async function requestContactChange(
  tx: Queryable,
  ctx: ChangeContext,
  tenant: Tenant,
  input: { kind: Contact['kind']; value: string; language: Language },
): Promise<{ changeId: string }> {
  const contact = parseContact(input.value);
  if (!contact || contact.kind !== input.kind) {
    const message = input.kind === 'email' ? INVALID_EMAIL : INVALID_PHONE;
    throw new HttpError(400, message, { value: message });
  }
  const requestedBy = contactKey(tenant.contact);
  const now = ctx.clock.now();
  // One change at a time per tenant: two requests at once cannot both pass the count.
  await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`contact-change:${requestedBy}`}))`);
  const { rows: recent } = await tx.query<{ n: number }>(sql`select count(*)::int as n from account_contact_changes
     where requested_by = ${requestedBy} and created_at > ${new Date(now.getTime() - 3_600_000)}`);
  if ((recent[0]?.n ?? 0) >= CHANGES_PER_HOUR) throw refusal('contact_change_throttled');
  const { rows: current } = await tx.query<{ email: string; phone: string }>(
    sql`select lower(email) as email, phone from registrations where id = any(${tenant.registrationIds}::uuid[])`,
  );
  if (current.every((row) => row[contact.kind] === contact.value)) throw refusal('contact_unchanged');
  // Whether the contact is another customer's is asked only once the code proves it is the tenant's:
  // asked here, the answer would tell anyone signed in who else rents.

  const changeId = randomUUID();
  const code = newCode();
  await tx.query(sql`insert into account_contact_changes (id, requested_by, registration_ids, kind, new_value, code_hash,
       created_at, expires_at)
     values (${changeId}, ${requestedBy}, ${tenant.registrationIds}::uuid[], ${contact.kind}, ${contact.value},
       ${codeHash(changeId, code)}, ${now}, ${new Date(now.getTime() + ACCOUNT_SIGN_IN_MINUTES * 60_000)})`);
  if (contact.kind === 'email') {
    await ctx.mailer.send(
      { to: contact.value, versions: [contactCodeEmail(input.language, code, ACCOUNT_SIGN_IN_MINUTES)] },
      tx,
    );
  } else {
    await ctx.sms.queue({ to: contact.value, text: contactCodeSms(input.language, code, ACCOUNT_SIGN_IN_MINUTES) }, tx);
  }
  return { changeId };
}

/**
 * The code came back: the new contact is the rentals' from now on. The old one is told (a change
 * nobody asked for is noticed), and every account session of the old contact ends, this one too:
 * the tenant signs in again with the new one.
 */
export async function confirmContactChange(
  tx: Queryable,
  ctx: ChangeContext,
  tenant: Tenant,
  input: { changeId: string; code: string },
): Promise<{ kind: Contact['kind']; before: string; after: string; shown: string } | null> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{
    id: string;
    kind: Contact['kind'];
    new_value: string;
    code_hash: string;
    wrong_codes: number;
    registration_ids: string[];
  }>(sql`select id::text, kind, new_value, code_hash, wrong_codes, registration_ids::text[] as registration_ids
     from account_contact_changes
     where id = ${input.changeId} and requested_by = ${contactKey(tenant.contact)} and used_at is null
       and expires_at > ${now} for update`);
  const change = rows[0];
  if (!change || change.wrong_codes >= ACCOUNT_SIGN_IN_MAX_WRONG_CODES) return null;
  if (!codeMatches(change.id, input.code, change.code_hash)) {
    await tx.query(sql`update account_contact_changes set wrong_codes = wrong_codes + 1 where id = ${change.id}`);
    return null;
  }
  // One address, one customer's rentals: a contact on another tenant's rental is refused (the code
  // proved it is this person's, so saying so tells them nothing new).
  const column = change.kind === 'email' ? sql`lower(email)` : sql`phone`;
  const { rows: others } = await tx.query(sql`select 1 from registrations
     where ${column} = ${change.new_value} and move_in_status in ('allocated', 'ended', 'scheduled', 'awaiting_unit')
       and not (id = any(${change.registration_ids}::uuid[])) limit 1`);
  if (others.length) throw refusal('contact_taken');
  await tx.query(sql`update account_contact_changes set used_at = ${now} where id = ${change.id}`);
  const { rows: before } = await tx.query<{ email: string; phone: string; language: Language; full_name: string }>(
    sql`select email, phone, language, full_name from registrations where id = any(${change.registration_ids}::uuid[])
     order by created_at desc limit 1`,
  );
  const previous = before[0];
  if (!previous) return null;
  if (change.kind === 'email') {
    await tx.query(sql`update registrations set email = ${change.new_value}, updated_at = now()
       where id = any(${change.registration_ids}::uuid[])`);
    // A new mandate's signing link went to the old address: no longer the way to move the rent.
    for (const id of change.registration_ids) await dropMandateChange(tx, ctx, id);
  } else {
    await tx.query(sql`update registrations set phone = ${change.new_value}, updated_at = now()
       where id = any(${change.registration_ids}::uuid[])`);
  }
  const old: Contact =
    change.kind === 'email'
      ? { kind: 'email', value: previous.email.toLowerCase() }
      : { kind: 'phone', value: previous.phone };
  const language: Language = previous.language === 'en' ? 'en' : 'es';
  const shown = maskedContact({ kind: change.kind, value: change.new_value });
  if (old.kind === 'email') {
    await ctx.mailer.send({ to: old.value, versions: [contactChangedEmail(language, previous.full_name, shown)] }, tx);
  } else await ctx.sms.queue({ to: old.value, text: contactChangedSms(language, shown) }, tx);
  await revokeAccountSessions(tx, ctx, [contactKey(tenant.contact), contactKey(old)]);
  return { kind: change.kind, before: old.value, after: change.new_value, shown };
}
