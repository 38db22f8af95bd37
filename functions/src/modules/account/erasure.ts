import { randomUUID } from 'node:crypto';
import { ACCOUNT_SIGN_IN_MAX_WRONG_CODES, ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import { tellTenant } from '../../adapters/tell-tenant';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { code as codeBlock, paragraph } from '../../platform/email/content';
import { refusal } from '../../platform/http-error';
import type { ExternalJob, JobHandler } from '../../platform/jobs/queue';
import { addDays, madridDate } from '../../platform/madrid-time';
import { tenantBalance } from '../billing';
import { recordAudit } from '../staff';
import { contactKey } from './contact';
import { codeHash, codeMatches, newCode } from './one-time-code';
import type { Tenant } from './session';

type ErasureContext = Pick<FunctionContext, 'clock' | 'mailer' | 'sms' | 'jobs' | 'config'>;

/** Codes to erase a tenant may ask for in an hour. */
const ERASURES_PER_HOUR = 3;
/** After a direct debit, the tenant's bank may return it for eight weeks (SEPA Core): the money is not settled. */
const SEPA_RETURN_DAYS = 56;
/** Removes the erased rentals' ID files after the rows are committed, retried until it works. */
const ERASE_DOCUMENTS_JOB = 'account.erase-documents';
const ERASED = 'Datos borrados';

/** What stays, and why, as the e-mail says after (the account's page says the same before). */
const KEPT = {
  es: 'Conservamos solo lo que la ley nos obliga a guardar, seis años (normativa fiscal y mercantil): las facturas emitidas, con tu nombre, NIF y dirección tal como se emitieron, y los ficheros de cobro enviados al banco, con tu nombre y tu cuenta. Los importes cobrados y devueltos quedan sin tus datos.',
  en: 'We keep only what the law requires us to, for six years (Spanish tax and commercial law): the invoices issued, with your name, tax id and address as they were issued, and the collection files sent to the bank, with your name and account. The amounts collected and paid back stay without your details.',
} as const;

interface Rental extends Record<string, unknown> {
  id: string;
  registration_code: string;
  move_in_status: string | null;
  email: string;
  phone: string;
  full_name: string;
  document_number: string;
  language: Language;
}

async function rentalsOf(tx: Queryable, tenant: Tenant): Promise<Rental[]> {
  const { rows } =
    await tx.query<Rental>(sql`select id::text, registration_code, move_in_status, email, phone, full_name,
       document_number, language from registrations where id = any(${tenant.registrationIds}::uuid[])
     order by created_at for update`);
  return rows;
}

/**
 * Whether the tenant's data can be erased now: one person's (a contact shared by two people
 * erases neither), no rental active, nothing owed either way, nothing the bank may still collect
 * or return, no card payment under way. Throws the refusal that says what to wait for.
 */
async function assertErasable(tx: Queryable, ctx: Pick<FunctionContext, 'clock'>, rentals: Rental[]) {
  if (new Set(rentals.map((r) => r.document_number.toUpperCase())).size > 1) throw refusal('shared_contact');
  // Signed and moving in (on a day to come, or when a unit is free) counts as active too.
  if (rentals.some((r) => r.move_in_status !== 'ended')) throw refusal('erasure_rental_active');
  const ids = rentals.map((r) => r.id);
  for (const rental of rentals) {
    const balance = await tenantBalance(tx, rental.id);
    if (balance.balanceCents > 0 || balance.inCollectionCents > 0) throw refusal('erasure_owed');
    if (balance.balanceCents < 0) throw refusal('erasure_refund_pending');
  }
  const { rows } = await tx.query<{ deposit: boolean; paying: boolean; with_bank: boolean; last_debit: string | null }>(
    sql`select
       exists (select 1 from payments where registration_id = any(${ids}::uuid[]) and purpose = 'deposit'
         and status = 'completed' and refunded_at is null) as deposit,
       exists (select 1 from payments where registration_id = any(${ids}::uuid[])
         and status in ('pending', 'processing')) as paying,
       exists (select 1 from rent_periods where registration_id = any(${ids}::uuid[]) and (status = 'submitted'
         or (status = 'cancelled' and remittance_id is not null and paid_at is null and returned_at is null))) as with_bank,
       (select to_char(max(occurred_at) at time zone 'Europe/Madrid', 'YYYY-MM-DD') from money_movements
         where registration_id = any(${ids}::uuid[]) and kind = 'direct_debit') as last_debit`,
  );
  const state = rows[0];
  if (state?.deposit) throw refusal('erasure_refund_pending');
  if (state?.paying || state?.with_bank) throw refusal('erasure_owed');
  if (state?.last_debit && addDays(state.last_debit, SEPA_RETURN_DAYS) > madridDate(ctx.clock.now())) {
    throw refusal('erasure_too_soon');
  }
}

/**
 * Step one: the checks, then a 6-digit code to the contact the tenant signed in with. Nothing is
 * erased until `confirmErasure` brings it back: a session alone (a phone left signed in) cannot.
 */
export async function requestErasure(
  tx: Queryable,
  ctx: ErasureContext,
  tenant: Tenant,
  language: Language,
): Promise<{ erasureId: string }> {
  const requestedBy = contactKey(tenant.contact);
  const now = ctx.clock.now();
  await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`erasure:${requestedBy}`}))`);
  const { rows: recent } = await tx.query<{ n: number }>(sql`select count(*)::int as n from account_erasures
     where requested_by = ${requestedBy} and created_at > ${new Date(now.getTime() - 3_600_000)}`);
  if ((recent[0]?.n ?? 0) >= ERASURES_PER_HOUR) throw refusal('erasure_throttled');
  await assertErasable(tx, ctx, await rentalsOf(tx, tenant));
  const erasureId = randomUUID();
  const code = newCode();
  await tx.query(sql`insert into account_erasures (id, requested_by, code_hash, created_at, expires_at)
     values (${erasureId}, ${requestedBy}, ${codeHash(erasureId, code)}, ${now},
       ${new Date(now.getTime() + ACCOUNT_SIGN_IN_MINUTES * 60_000)})`);
  const minutes = ACCOUNT_SIGN_IN_MINUTES;
  if (tenant.contact.kind === 'email') {
    await ctx.mailer.send(
      {
        to: tenant.contact.value,
        versions: [
          language === 'en'
            ? {
                language,
                subject: 'Confirm the erasure of your data',
                blocks: [
                  paragraph('You asked from your account for your data to be erased. It cannot be undone.'),
                  codeBlock('Enter this code in your account to confirm it', code),
                  paragraph(`It works once, for ${minutes} minutes. Not you? Ignore this e-mail and call us.`),
                ],
              }
            : {
                language,
                subject: 'Confirma el borrado de tus datos',
                blocks: [
                  paragraph('Has pedido desde tu cuenta que borremos tus datos. No se puede deshacer.'),
                  codeBlock('Escribe este código en tu cuenta para confirmarlo', code),
                  paragraph(
                    `Vale una vez, durante ${minutes} minutos. ¿No has sido tú? Ignora este correo y llámanos.`,
                  ),
                ],
              },
        ],
      },
      tx,
    );
  } else {
    const text =
      language === 'en'
        ? `Code to confirm erasing your storage account data: ${code}. ${minutes} minutes. Not you? Call us.`
        : `Código para confirmar el borrado de tus datos de trastero: ${code}. ${minutes} minutos. ¿No has sido tú? Llámanos.`;
    await ctx.sms.queue({ to: tenant.contact.value, text }, tx);
  }
  return { erasureId };
}

/**
 * Step two: the code came back, the checks still hold, and the tenant's data goes (GDPR art. 17).
 * The client data of every rental is blanked (registration and billing client), the ID documents'
 * rows (their files after commit, by a retried job), the contract texts, signed PDFs and signers'
 * names and addresses, the mandates' names and accounts, their lines in the door's log, the
 * account's rows, the messages sent to them or about them, and their name in the activity log.
 * The invoices stay as issued and the remittance files as sent (tax and commercial law); the money
 * rows stay without a name. Each address is told, last. Null for a wrong or spent code.
 */
export async function confirmErasure(
  tx: Queryable,
  ctx: ErasureContext,
  tenant: Tenant,
  input: { erasureId: string; code: string },
): Promise<string[] | null> {
  const requestedBy = contactKey(tenant.contact);
  const now = ctx.clock.now();
  const { rows: asked } = await tx.query<{ id: string; code_hash: string; wrong_codes: number }>(sql`select id::text,
       code_hash, wrong_codes from account_erasures
     where id = ${input.erasureId} and requested_by = ${requestedBy} and used_at is null and expires_at > ${now}
     for update`);
  const erasure = asked[0];
  if (!erasure || erasure.wrong_codes >= ACCOUNT_SIGN_IN_MAX_WRONG_CODES) return null;
  if (!codeMatches(erasure.id, input.code, erasure.code_hash)) {
    await tx.query(sql`update account_erasures set wrong_codes = wrong_codes + 1 where id = ${erasure.id}`);
    return null;
  }
  const rentals = await rentalsOf(tx, tenant);
  await assertErasable(tx, ctx, rentals);
  await erase(tx, ctx, tenant, rentals);
  return rentals.map((rental) => rental.registration_code);
}

async function erase(tx: Queryable, ctx: ErasureContext, tenant: Tenant, rentals: Rental[]): Promise<void> {
  const ids = rentals.map((r) => r.id);
  const codes = rentals.map((r) => r.registration_code);
  const emails = [...new Set(rentals.map((r) => r.email.toLowerCase()))];
  const phones = [...new Set(rentals.map((r) => r.phone))];
  const keys = [
    contactKey(tenant.contact),
    ...emails.map((value) => `email:${value}`),
    ...phones.map((value) => `phone:${value}`),
  ];
  const told = rentals.at(-1);
  const now = ctx.clock.now();

  await tx.query(sql`update registrations set full_name = ${ERASED}, company_name = null, document_number = '',
       cif = null, email = 'borrado-' || id::text || '@invalid', phone = '', address = '', city = '', postal_code = '',
       iban = '',
       metadata = jsonb_build_object('serviceDetails', metadata->'serviceDetails', 'erasedAt', ${now.toISOString()}::text),
       updated_at = now()
     where id = any(${ids}::uuid[])`);
  await tx.query(sql`update clients set full_name = ${ERASED}, company_name = null, cif = null, document_number = '',
       email = '', phone = '', address = '', city = '', postal_code = '', iban = ''
     where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from registration_documents where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from registration_verifications where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from registration_sessions where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`update contracts set document = '' where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from signed_contracts where contract_id in
     (select id from contracts where registration_id = any(${ids}::uuid[]))`);
  await tx.query(sql`update contract_submitters set email = '', signed_name = null, signed_ip = null
     where contract_id in (select id from contracts where registration_id = any(${ids}::uuid[])) and role = 'Cliente'`);
  await tx.query(sql`update sepa_mandates set debtor_name = ${ERASED}, debtor_iban = 'XX00BORRADO', amended_from_iban = null
     where registration_id = any(${ids}::uuid[])`);
  // The door's log keeps what happened, not who: their user name (their e-mail, alone or with a
  // registration code) and address go; the e-mail inside a line's text, matched whole.
  for (const email of emails) {
    const whole = `(^|[^A-Za-z0-9._%+-])${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9._%+-])`;
    await tx.query(sql`update door_audit set
         usuario = case when lower(usuario) = ${email} or starts_with(lower(usuario), ${`${email} (`}) then null else usuario end,
         ip = case when lower(usuario) = ${email} or starts_with(lower(usuario), ${`${email} (`}) then null else ip end,
         action = regexp_replace(action, ${whole}, '\\1(datos borrados)\\2', 'gi'),
         result = regexp_replace(result, ${whole}, '\\1(datos borrados)\\2', 'gi')
       where lower(usuario) = ${email} or starts_with(lower(usuario), ${`${email} (`})
          or action ~* ${whole} or result ~* ${whole}`);
  }
  await tx.query(sql`delete from door_users where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from account_sessions where contact = any(${keys}::text[])`);
  await tx.query(sql`delete from account_sign_ins where contact = any(${keys}::text[])`);
  await tx.query(sql`delete from account_contact_changes where requested_by = any(${keys}::text[])
     or lower(new_value) = any(${emails}::text[]) or new_value = any(${phones}::text[])`);
  await tx.query(sql`delete from account_erasures where requested_by = any(${keys}::text[])`);
  // What was sent to them (codes and links inside), and the business's notices about their
  // rentals (a message still waiting goes too: its delivery finds nothing to send).
  await tx.query(sql`delete from outbox where lower(recipient) = any(${emails}::text[]) or recipient = any(${phones}::text[])
     or (lower(recipient) = lower(${ctx.config.BUSINESS_EMAIL}) and exists (
       select 1 from unnest(${codes}::text[]) c
       where (coalesce(subject, '') || ' ' || body) ~ ('(^|[^A-Z0-9])' || c || '([^A-Z0-9]|$)')))`);
  const actors = keys.map((key) => `inquilino:${key.slice(key.indexOf(':') + 1)}`);
  await tx.query(sql`update staff_audit set staff_email = 'inquilino:(datos borrados)', ip = null
     where staff_email = any(${actors}::text[])`);
  await tx.query(sql`update staff_audit set before = null, after = null
     where action in ('account_change_contact', 'account_change_bank_account', 'change_bank_account', 'mandate_replaced')
       and target = any(${codes.map((c) => `registration:${c}`)}::text[])`);
  for (const code of codes) {
    await recordAudit(
      tx,
      { id: null, email: 'inquilino:(datos borrados)', ip: null },
      { action: 'account_erasure', target: `registration:${code}` },
    );
  }
  await ctx.jobs.schedule(tx, {
    kind: ERASE_DOCUMENTS_JOB,
    payload: { registrationIds: ids },
    runAt: now,
    key: `erase-documents:${ids.join(',')}`,
  });

  if (!told) return;
  const language: Language = told.language === 'en' ? 'en' : 'es';
  for (const email of emails) {
    await tellTenant(
      tx,
      ctx,
      { email, full_name: told.full_name, language },
      {
        en: {
          subject: 'Your data has been erased',
          blocks: [paragraph('As you asked from your account, we have erased your data.'), paragraph(KEPT.en)],
        },
        es: {
          subject: 'Hemos borrado tus datos',
          blocks: [paragraph('Como nos pediste desde tu cuenta, hemos borrado tus datos.'), paragraph(KEPT.es)],
        },
      },
    );
  }
}

/**
 * The erasure's files, after its rows are committed: retried for about a day (storage away for a
 * while), then said loudly in the log for whoever runs the service to remove by hand.
 */
export function erasureJobs(ctx: Pick<FunctionContext, 'documents' | 'log'>): Record<string, JobHandler> {
  const job: ExternalJob = {
    maxAttempts: 30,
    retryDelayMs: (attempts) => Math.min(60 * 60_000, 30_000 * 2 ** attempts),
    async gaveUp(payload, error) {
      ctx.log.error({ err: error, registrationIds: payload.registrationIds }, 'erased tenant: ID files NOT removed');
    },
    async external(payload) {
      const ids = Array.isArray(payload.registrationIds) ? payload.registrationIds.map(String) : [];
      for (const id of ids) await ctx.documents.removeRegistration(id);
    },
  };
  return { [ERASE_DOCUMENTS_JOB]: job };
}
