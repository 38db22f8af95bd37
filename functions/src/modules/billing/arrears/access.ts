import { ACCOUNT_PATHS } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import { tellTenant } from '../../../adapters/tell-tenant';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { action, paragraph } from '../../../platform/email/content';
import { newPayLink } from '../ledger/pay-links';

/**
 * A tenancy's door access suspended or restored (the door refuses a suspended tenant's PIN): by
 * the arrears rules, or by staff with a reason. Here, with the arrears, not in the door module:
 * the door only reads the state, and billing must not depend on the door.
 */
type SuspensionContext = Pick<FunctionContext, 'mailer' | 'sms' | 'config' | 'clock'>;

interface TenantRow extends Record<string, unknown> {
  full_name: string;
  email: string;
  phone: string;
  language: Language;
  access_suspended_at: Date | string | null;
}

async function tenantOf(tx: Queryable, registrationId: string): Promise<TenantRow | undefined> {
  const { rows } = await tx.query<TenantRow>(sql`select full_name, email, phone, language, access_suspended_at
     from registrations where id = ${registrationId} and move_in_status = 'allocated' for update`);
  return rows[0];
}

async function tell(
  tx: Queryable,
  ctx: SuspensionContext,
  tenant: TenantRow,
  texts: Record<Language, { subject: string; body: string[]; sms: string; pay?: { label: string; link: string } }>,
) {
  const said = (text: (typeof texts)[Language]) => ({
    subject: text.subject,
    blocks: [...text.body.map((line) => paragraph(line)), ...(text.pay ? [action(text.pay.label, text.pay.link)] : [])],
    sms: text.sms,
  });
  await tellTenant(tx, ctx, tenant, { es: said(texts.es), en: said(texts.en) });
}

/**
 * Suspends a tenant's door access: their right PIN is refused with ACCESS_SUSPENDED from now on,
 * and they are told by e-mail and SMS, in their language. False when the tenancy is not active or
 * already suspended (nothing changes, nobody is told twice).
 */
export async function suspendAccess(
  tx: Queryable,
  ctx: SuspensionContext,
  registrationId: string,
  { by, reason }: { by: 'arrears' | 'staff' | 'documents'; reason: string },
): Promise<boolean> {
  const tenant = await tenantOf(tx, registrationId);
  if (!tenant || tenant.access_suspended_at) return false;
  await tx.query(sql`update registrations set access_suspended_at = ${ctx.clock.now()}, access_suspension_reason = ${reason},
       access_suspended_by = ${by}, updated_at = now()
     where id = ${registrationId}`);
  if (by === 'documents') {
    await tellOfDocument(tx, ctx, tenant, reason, true);
    return true;
  }
  const office = `${ctx.config.BUSINESS_PHONE} · ${ctx.config.BUSINESS_EMAIL}`;
  // Unpaid rent is paid by card from the e-mail, and the door opens again within the minute.
  const payLink = by === 'arrears' ? await newPayLink(tx, ctx, registrationId) : null;
  await tell(tx, ctx, tenant, {
    es: {
      subject: 'Acceso al trastero suspendido',
      body: payLink
        ? [
            'Hemos suspendido tu acceso al trastero porque hay recibos del alquiler sin pagar.',
            'Si pagas lo pendiente con tarjeta en este enlace privado, tu PIN volverá a abrir la puerta en un minuto:',
          ]
        : [
            `Hemos suspendido tu acceso al trastero. Motivo: ${reason}.`,
            `Ponte en contacto con la oficina para recuperarlo: ${office}.`,
          ],
      ...(payLink ? { pay: { label: 'Pagar con tarjeta', link: payLink } } : {}),
      sms: payLink
        ? `Tu acceso al trastero está suspendido por impago. Paga con tarjeta y se restablece: ${payLink}`
        : 'Tu acceso al trastero está suspendido. Contacta con la oficina; te hemos escrito por correo.',
    },
    en: {
      subject: 'Storage access suspended',
      body: payLink
        ? [
            'We have suspended your access to the storage unit because rent is unpaid.',
            'If you pay what is due by card at this private link, your PIN will open the door again within a minute:',
          ]
        : [
            `We have suspended your access to the storage unit. Reason: ${reason}.`,
            `Please contact the office to have it back: ${office}.`,
          ],
      ...(payLink ? { pay: { label: 'Pay by card', link: payLink } } : {}),
      sms: payLink
        ? `Your storage access is suspended for unpaid rent. Pay by card to have it back: ${payLink}`
        : 'Your storage access is suspended. Please contact the office; we have e-mailed you.',
    },
  });
  if (payLink) {
    await tx.query(
      sql`update registrations set arrears_contacted_at = ${ctx.clock.now()} where id = ${registrationId}`,
    );
  }
  return true;
}

/**
 * A document of a tenant who already moved in was rejected: a new one from their account, and
 * until it is accepted the door is shut (`suspended`), or it will be once they move in.
 */
export async function tellOfDocument(
  tx: Queryable,
  ctx: Pick<SuspensionContext, 'mailer' | 'sms' | 'config'>,
  tenant: Pick<TenantRow, 'full_name' | 'email' | 'phone' | 'language'>,
  problem: string,
  suspended: boolean,
): Promise<void> {
  const account = (language: Language) => new URL(ACCOUNT_PATHS[language], ctx.config.PUBLIC_SITE_URL).toString();
  await tellTenant(tx, ctx, tenant, {
    es: {
      subject: suspended ? 'Acceso al trastero suspendido: falta un documento' : 'Sube de nuevo un documento',
      blocks: [
        paragraph(`No hemos podido aceptar un documento de tu alta: ${problem}.`),
        paragraph(
          suspended
            ? 'Hemos suspendido tu acceso hasta aceptar uno nuevo. Súbelo desde tu cuenta; en cuanto lo revisemos, tu PIN volverá a abrir la puerta.'
            : 'Súbelo de nuevo desde tu cuenta; hasta que lo aceptemos, tu PIN no abrirá la puerta.',
        ),
        action('Ir a mi cuenta', account('es')),
      ],
      sms: 'No hemos podido aceptar un documento de tu alta: súbelo de nuevo desde tu cuenta. Te lo explicamos por correo.',
    },
    en: {
      subject: suspended ? 'Storage access suspended: a document is needed' : 'Please upload a document again',
      blocks: [
        paragraph(`We could not accept a document of your sign-up: ${problem}.`),
        paragraph(
          suspended
            ? 'We have suspended your access until we accept a new one. Upload it from your account; once we have checked it, your PIN opens the door again.'
            : 'Upload it again from your account; until we accept it, your PIN will not open the door.',
        ),
        action('Go to my account', account('en')),
      ],
      sms: 'We could not accept a document of your sign-up: please upload it again from your account. Details by e-mail.',
    },
  });
}

/** Gives a suspended tenant their access back at once, and tells them. False when it was not suspended. */
export async function restoreAccess(tx: Queryable, ctx: SuspensionContext, registrationId: string): Promise<boolean> {
  const tenant = await tenantOf(tx, registrationId);
  if (!tenant?.access_suspended_at) return false;
  // Paid up (or lifted by staff) while a document is still to be accepted: the door stays shut,
  // now for the document, and opens when it is approved.
  const { rows: waiting } =
    await tx.query(sql`select 1 from registration_documents where registration_id = ${registrationId}
       and (review_status = 'rejected' or (review_status = 'pending' and previous_rejection_reason is not null)) limit 1`);
  if (waiting.length) {
    await tx.query(sql`update registrations set access_suspended_by = 'documents', updated_at = now()
       where id = ${registrationId} and access_suspended_by <> 'documents'`);
    return false;
  }
  await tx.query(sql`update registrations set access_suspended_at = null, access_suspension_reason = null,
       access_suspended_by = null, updated_at = now()
     where id = ${registrationId}`);
  await tell(tx, ctx, tenant, {
    es: {
      subject: 'Acceso al trastero restablecido',
      body: ['Ya puedes volver a entrar en tu trastero con tu PIN de siempre.'],
      sms: 'Tu acceso al trastero está restablecido: tu PIN vuelve a abrir la puerta.',
    },
    en: {
      subject: 'Storage access restored',
      body: ['You can use your usual PIN to enter your storage unit again.'],
      sms: 'Your storage access is restored: your PIN opens the door again.',
    },
  });
  return true;
}
