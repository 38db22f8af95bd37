import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { paragraph } from '../../platform/email/content';
import { refusal } from '../../platform/http-error';
import { tenantBalance } from '../billing';
import { recordAudit } from '../staff';
import { contactKey } from './contact';
import type { Tenant } from './session';

type ErasureContext = Pick<FunctionContext, 'clock' | 'mailer' | 'documents'>;

/** What stays, and why, as the account says before the tenant asks and the e-mail after. */
const KEPT_AFTER_ERASURE = {
  es: 'Conservamos solo lo que la ley nos obliga a guardar, seis años (normativa fiscal y mercantil): las facturas emitidas, con tu nombre, NIF y dirección tal como se emitieron, y los ficheros de cobro enviados al banco, con tu nombre y tu cuenta. Los importes cobrados y devueltos quedan sin tus datos.',
  en: 'We keep only what the law requires us to, for six years (Spanish tax and commercial law): the invoices issued, with your name, tax id and address as they were issued, and the collection files sent to the bank, with your name and account. The amounts collected and paid back stay without your details.',
} as const;

/**
 * A former tenant's erasure (GDPR art. 17), once nothing is owed either way and no rental is
 * active: the client data of every rental of the session's contact is blanked, their ID documents
 * deleted from storage, the contract texts and signed PDFs, the direct-debit mandates' names and
 * accounts, the door user, the account's sign-ins and sessions, and the messages sent to them. The
 * invoices stay as issued (tax law); the money rows stay without a name. The tenant is told by
 * e-mail, last.
 */
export async function eraseTenant(tx: Queryable, ctx: ErasureContext, tenant: Tenant): Promise<string[]> {
  const ids = tenant.registrationIds;
  const { rows } = await tx.query<{
    id: string;
    registration_code: string;
    move_in_status: string | null;
    email: string;
    phone: string;
    full_name: string;
    language: Language;
  }>(sql`select id::text, registration_code, move_in_status, email, phone, full_name, language
     from registrations where id = any(${ids}::uuid[]) order by created_at for update`);
  if (rows.some((row) => row.move_in_status === 'allocated')) throw refusal('erasure_rental_active');
  for (const row of rows) {
    const balance = await tenantBalance(tx, row.id);
    if (balance.balanceCents > 0 || balance.inCollectionCents > 0) throw refusal('erasure_owed');
    if (balance.balanceCents < 0) throw refusal('erasure_refund_pending');
  }
  const { rows: deposits } = await tx.query(sql`select 1 from payments where registration_id = any(${ids}::uuid[])
     and purpose = 'deposit' and status = 'completed' and refunded_at is null limit 1`);
  if (deposits.length) throw refusal('erasure_refund_pending');

  const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
  const phones = [...new Set(rows.map((row) => row.phone))];
  const keys = [
    contactKey(tenant.contact),
    ...emails.map((value) => `email:${value}`),
    ...phones.map((value) => `phone:${value}`),
  ];
  const now = ctx.clock.now();

  await tx.query(sql`update registrations set full_name = 'Datos borrados', company_name = null, document_number = '',
       cif = null, email = 'borrado-' || id::text || '@invalid', phone = '', address = '', city = '', postal_code = '',
       iban = '', client_id = null,
       metadata = jsonb_build_object('serviceDetails', metadata->'serviceDetails', 'erasedAt', ${now.toISOString()}::text),
       updated_at = now()
     where id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from registration_documents where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from registration_verifications where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`update contracts set document = '' where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from signed_contracts where contract_id in
     (select id from contracts where registration_id = any(${ids}::uuid[]))`);
  await tx.query(sql`update sepa_mandates set debtor_name = 'Datos borrados', debtor_iban = 'XX00BORRADO'
     where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`update door_audit set usuario = null
     where user_id in (select id from door_users where registration_id = any(${ids}::uuid[]))`);
  await tx.query(sql`delete from door_users where registration_id = any(${ids}::uuid[])`);
  await tx.query(sql`delete from account_sessions where contact = any(${keys}::text[])`);
  await tx.query(sql`delete from account_sign_ins where contact = any(${keys}::text[])`);
  await tx.query(sql`delete from account_contact_changes where requested_by = any(${keys}::text[])`);
  // What was sent to them, codes and links inside (a message still waiting goes with them: its
  // delivery finds nothing to send). The confirmation below is the one message left.
  await tx.query(sql`delete from outbox where recipient = any(${[...emails, ...phones]}::text[])`);
  await tx.query(sql`update staff_audit set staff_email = 'inquilino:(datos borrados)'
     where staff_email = any(${keys.map((key) => `inquilino:${key.slice(key.indexOf(':') + 1)}`)}::text[])`);
  for (const row of rows) {
    await recordAudit(
      tx,
      { id: null, email: 'inquilino:(datos borrados)', ip: null },
      { action: 'account_erasure', target: `registration:${row.registration_code}` },
    );
  }
  // Files last in the transaction: should removing them fail, the rows stay as they were and the
  // tenant can ask again (what was removed is removed).
  for (const id of ids) await ctx.documents.removeRegistration(id);

  const last = rows.at(-1);
  if (last) {
    const language: Language = last.language === 'en' ? 'en' : 'es';
    await ctx.mailer.send(
      {
        to: last.email,
        versions: [
          language === 'en'
            ? {
                language,
                subject: 'Your data has been erased',
                greeting: `Hello ${last.full_name},`,
                blocks: [
                  paragraph('As you asked from your account, we have erased your data.'),
                  paragraph(KEPT_AFTER_ERASURE.en),
                ],
              }
            : {
                language,
                subject: 'Hemos borrado tus datos',
                greeting: `Hola ${last.full_name}:`,
                blocks: [
                  paragraph('Como nos pediste desde tu cuenta, hemos borrado tus datos.'),
                  paragraph(KEPT_AFTER_ERASURE.es),
                ],
              },
        ],
      },
      tx,
    );
  }
  return rows.map((row) => row.registration_code);
}
