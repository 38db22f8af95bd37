import { ACCOUNT_PATHS } from 'shared-api/account';
import { DOOR_PATHS } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { pinPepper } from '../../platform/security/pepper';
import { hashPassword, hashPin, newToken, randomPin } from '../../platform/security/secrets';
import type { RegistrationRow } from '../sign-up';
import { accessWithheldNotice, doorAccessEmail } from './messages';
import { pinHashCost } from './pin-cost';

/** What issuing a key uses of the service. */
export type DoorAccessContext = Pick<FunctionContext, 'mailer' | 'sms' | 'config' | 'log'>;

/** What must be true before a tenant gets a key: the three documents, the deposit, both signatures. */
type AccessCheck = 'documents_missing' | 'deposit_unpaid' | 'contract_incomplete';

const CHECK_REASONS: Record<AccessCheck, string> = {
  documents_missing: 'faltan documentos (DNI/NIE por ambas caras y el justificante bancario)',
  deposit_unpaid: 'la fianza no consta como pagada',
  contract_incomplete: 'el contrato no está firmado por ambas partes',
};

/** The tenant's first sign-in link lasts a week (it is single-use): e-mail is not always read at once. */
const ACCESS_LINK_DAYS = 7;

async function failedAccessChecks(tx: Queryable, registrationId: string): Promise<AccessCheck[]> {
  const { rows } = await tx.query<{ documents: number; paid: boolean; signed: boolean }>(sql`select
       (select count(distinct document_type)::integer from registration_documents
        where registration_id = ${registrationId} and document_type in ('frontId', 'backId', 'bankDocument')) as documents,
       exists (select 1 from payments where registration_id = ${registrationId} and status = 'completed' and purpose = 'deposit') as paid,
       exists (select 1 from contracts where registration_id = ${registrationId} and kind = 'rental' and status = 'completed') as signed`);
  const row = rows[0];
  const failed: AccessCheck[] = [];
  if ((row?.documents ?? 0) < 3) failed.push('documents_missing');
  if (!row?.paid) failed.push('deposit_unpaid');
  if (!row?.signed) failed.push('contract_incomplete');
  return failed;
}

/** scrypt's cost for a password nobody chose or knows (random, 256 bits). */
const RANDOM_PASSWORD_COST_LOG2 = 10;

export type AccessOutcome = { issued: true; usuario: string } | { issued: false; failed: AccessCheck[] };

/**
 * The tenant's door access, at allocation and only after the checks: a door user with the units
 * as its box, a random PIN by SMS and a single-use sign-in link by e-mail (only hashes are
 * stored), and an entry in the door's audit. A failed check issues nothing and tells the business
 * why.
 */
export async function issueDoorAccess(
  tx: Queryable,
  ctx: DoorAccessContext,
  registration: RegistrationRow,
  unitNumbers: string[],
): Promise<AccessOutcome> {
  const failed = await failedAccessChecks(tx, registration.id);
  const box = unitNumbers.join(', ');
  if (failed.length) {
    ctx.log.warn({ registrationId: registration.id, failed }, 'door access withheld');
    await ctx.mailer.send(
      {
        to: ctx.config.BUSINESS_EMAIL,
        versions: [
          accessWithheldNotice({
            registrationCode: registration.registration_code,
            fullName: registration.full_name,
            box,
            reasons: failed.map((check) => CHECK_REASONS[check]),
            email: registration.email,
            phone: registration.phone,
          }),
        ],
      },
      tx,
    );
    return { issued: false, failed };
  }

  const usuario = await freeUserName(tx, registration.email.toLowerCase(), registration.registration_code);
  const pin = randomPin();
  // Nobody is told this password: the tenant signs in with the link; staff may set one later. It
  // is 256 random bits, which no guessing reaches, so a password's slow hash would only hold the
  // transaction (and on PGlite every other request) for half a second: the cheapest cost.
  const password = newToken().token;
  const [pinHash, passwordHash] = await Promise.all([
    hashPin(pin, await pinPepper(ctx.config), pinHashCost(ctx.config)),
    hashPassword(password, RANDOM_PASSWORD_COST_LOG2),
  ]);
  const { rows } = await tx.query<{
    id: string;
  }>(sql`insert into door_users (id, usuario, password_hash, pin_hash, box, registration_id)
     values (gen_random_uuid(), ${usuario}, ${passwordHash}, ${pinHash}, ${box}, ${registration.id}) returning id::text`);
  const userId = rows[0]?.id ?? '';
  const link = newToken();
  await tx.query(sql`insert into door_magic_tokens (token_hash, user_id, expires_at)
     values (${link.hash}, ${userId}, now() + make_interval(days => ${ACCESS_LINK_DAYS}))`);
  await tx.query(
    sql`insert into door_audit (user_id, usuario, action, result) values (${userId}, 'sistema', ${`issue_access:${usuario}`}, ${`box ${box} · alta ${registration.registration_code}`})`,
  );
  const signIn = new URL(DOOR_PATHS.login, ctx.config.PUBLIC_SITE_URL);
  signIn.searchParams.set('token', link.token);
  // In the language the tenant signed up in, alone.
  const english = registration.language === 'en';
  await ctx.sms.queue(
    {
      to: registration.phone,
      text: english
        ? `Your door PIN (unit ${box}): ${pin}. Sign in with the link in your e-mail.`
        : `Tu PIN de la puerta (trastero ${box}): ${pin}. Entra con el enlace de tu e-mail.`,
    },
    tx,
  );
  await ctx.mailer.send(
    {
      to: registration.email,
      versions: [
        doorAccessEmail(registration.language, {
          fullName: registration.full_name,
          box,
          signInUrl: signIn.toString(),
          linkDays: ACCESS_LINK_DAYS,
          accountUrl: new URL(ACCOUNT_PATHS[english ? 'en' : 'es'], ctx.config.PUBLIC_SITE_URL).toString(),
        }),
      ],
    },
    tx,
  );
  return { issued: true, usuario };
}

/** The tenant's e-mail as door user name, or with the registration code when a user has it already. */
async function freeUserName(tx: Queryable, email: string, registrationCode: string): Promise<string> {
  const { rows } = await tx.query(sql`select 1 from door_users where usuario = ${email}`);
  return rows.length ? `${email} (${registrationCode})` : email;
}

/** Whether a tenant's door user exists (access issued and not ended). */
export async function hasDoorAccess(q: Queryable, registrationId: string): Promise<boolean> {
  const { rows } = await q.query<{ issued: boolean }>(
    sql`select exists (select 1 from door_users where registration_id = ${registrationId}) as issued`,
  );
  return rows[0]?.issued === true;
}
