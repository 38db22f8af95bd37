import { randomUUID } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js/max';
import {
  CLIENT_DATA_MESSAGES,
  CLIENT_FIELD_MAX_LENGTH,
  type ClientData,
  type ClientDataField,
  EMPTY_CLIENT_DATA,
  normaliseClientData,
  REFUSALS,
  type RefusalCode,
  registrationActions,
  type UPDATABLE_FIELDS,
  UPLOAD_TYPES,
  type UploadType,
  validateClientData,
  validateClientField,
} from 'shared-api';
import { withDelivery } from '../../adapters/outbox-delivery';
import type { FunctionContext } from '../../context';
import { latestPayment } from '../../modules/billing';
import { mayMessage } from '../../modules/notifications';
import {
  type Channel,
  CLIENT_COLUMNS,
  COLUMN_OF,
  challengeRecovery,
  clientColumnValues,
  documentTypesOf,
  findProduct,
  findRegistration,
  firstOfferedPeriod,
  generateRecoveryCode,
  holdsApplicantSession,
  isOffered,
  issueCode,
  isUuid,
  openApplicantSession,
  pendingCode,
  pricedChoice,
  RESEND_COOLDOWN_SECONDS,
  type RegistrationMetadata,
  type RegistrationRow,
  readMetadata,
  requireApplicantSession,
  requireOpenRegistration,
  requireRegistration,
  secondsUntilResend,
  settleCode,
  settleRecovery,
  toClientData,
  toRecord,
  touchRegistration,
  unavailability,
  unitsFor,
  WRONG_RECOVERY_CODE,
} from '../../modules/sign-up';
import { claimForRegistration, claimHeldUnits } from '../../modules/waitlist';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { mobileNumber } from '../../platform/phone-numbers';
import type { RequestMeta } from '../../platform/request-meta';
import { actionFunction } from '../router';

/** Wrong recovery codes per address in the window before 429. */
const RECOVERY_LOOKUPS = 10;
const RECOVERY_WINDOW_MINUTES = 15;
export const NO_REGISTRATION_WITH_CODE = 'No registration found with this code.';
/**
 * One sign-up per e-mail and phone at a time: a second one within the code cooldown is a
 * double submit or a script (and would send a second set of codes to the same inbox). A
 * person who saw the recovery screen and chose "Start new process" says so (`startNew`); then
 * only a burst within a couple of seconds is refused.
 */
export const DUPLICATE_WINDOW_SECONDS = RESEND_COOLDOWN_SECONDS;
export const START_NEW_BURST_SECONDS = 2;
export const DUPLICATE_REGISTRATION =
  'A sign-up with this e-mail and phone was started moments ago. Use the registration code we e-mailed to continue it.';

/** 429 once an address has guessed too many recovery codes; a wrong guess is recorded. */
async function assertRecoveryAllowed(ctx: FunctionContext, meta: RequestMeta): Promise<void> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from registration_code_lookups
     where kind = 'recovery' and ip is not distinct from $1 and created_at > now() - make_interval(mins => $2)`,
    [meta.ip, RECOVERY_WINDOW_MINUTES],
  );
  if ((rows[0]?.n ?? 0) >= RECOVERY_LOOKUPS) {
    throw new HttpError(429, 'Too many attempts. Please try again in a few minutes.');
  }
}

/**
 * "Is there a sign-up with this e-mail and phone?" answers for any pair, so an address may ask it
 * EXISTENCE_CHECKS_PER_ADDRESS times in 15 minutes (30 by default): a person asks once per
 * sign-up, an office behind one address a few dozen times, a script enumerating pairs is held
 * back (429).
 */
async function assertExistenceCheckAllowed(ctx: FunctionContext, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`existing:${meta.ip ?? ''}`]);
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from registration_code_lookups
       where kind = 'existing' and ip is not distinct from $1 and created_at > now() - make_interval(mins => $2)`,
      [meta.ip, RECOVERY_WINDOW_MINUTES],
    );
    if ((rows[0]?.n ?? 0) >= ctx.config.EXISTENCE_CHECKS_PER_ADDRESS) {
      throw new HttpError(429, 'Too many attempts. Please try again in a few minutes.');
    }
    await tx.query(`insert into registration_code_lookups (ip, kind) values ($1, 'existing')`, [meta.ip]);
  });
}

const recordWrongGuess = (ctx: FunctionContext, meta: RequestMeta) =>
  ctx.db.query('insert into registration_code_lookups (ip) values ($1)', [meta.ip]);

const FIELD_OF_COLUMN = Object.fromEntries(
  Object.entries(COLUMN_OF).map(([field, column]) => [column, field]),
) as Record<(typeof UPDATABLE_FIELDS)[number], ClientDataField>;

/**
 * 400 with the spec's message per field when the client data breaks a §5 rule; then the phone
 * must be a mobile number of an allowed country (the codes go to it by SMS: a landline cannot
 * receive one, a premium or far-away range would cost the business per text).
 */
function assertValid(data: ClientData, countries: readonly CountryCode[], only?: ClientDataField): void {
  const errors = only
    ? Object.fromEntries([[only, validateClientField(only, data)]].filter(([, e]) => e))
    : validateClientData(data);
  const entries = Object.entries(errors) as [ClientDataField, keyof typeof CLIENT_DATA_MESSAGES][];
  if (entries.length === 0) {
    if ((!only || only === 'phone') && !mobileNumber(data.phone, countries)) {
      const message = REFUSALS.phone_not_mobile;
      throw new HttpError(400, message, { phone: message }, 'phone_not_mobile');
    }
    return;
  }
  const fields = Object.fromEntries(entries.map(([field, key]) => [field, CLIENT_DATA_MESSAGES[key]]));
  throw new HttpError(400, entries[0] ? CLIENT_DATA_MESSAGES[entries[0][1]] : 'Invalid client data', fields);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Writes the client data; a changed e-mail or phone loses its verification and gets a new
 * code at the new address.
 */
async function saveClientData(
  ctx: FunctionContext,
  tx: Queryable,
  row: RegistrationRow,
  data: ClientData,
): Promise<{ emailVerified: boolean; phoneVerified: boolean }> {
  const emailChanged = !sameEmail(row.email, data.email);
  const phoneChanged = row.phone !== data.phone;
  const emailVerified = row.email_verified && !emailChanged;
  const phoneVerified = row.phone_verified && !phoneChanged;
  const values = clientColumnValues(data);
  const update = sql`update registrations
     set ${sql.assignments(CLIENT_COLUMNS.map((column, index) => [column, values[index]]))},
       email_verified = ${emailVerified}, phone_verified = ${phoneVerified},
       updated_at = now(), last_activity_at = now()
     where id = ${row.id}`;
  await tx.query(update.text, update.values);
  const contact = {
    id: row.id,
    registration_code: row.registration_code,
    email: data.email,
    phone: data.phone,
    language: row.language,
  };
  if (emailChanged) await issueCode(ctx, tx, contact, 'email');
  if (phoneChanged) await issueCode(ctx, tx, contact, 'sms');
  return { emailVerified, phoneVerified };
}

function recoveryReminder(code: string, language: 'es' | 'en'): { subject: string; text: string } {
  return language === 'en'
    ? {
        subject: 'Your registration code',
        text: [
          `We received a new sign-up request with your details. Your registration code is ${code}:`,
          'enter it on the sign-up page to continue where you left off.',
        ].join('\n'),
      }
    : {
        subject: 'Tu código de registro',
        text: [
          `Hemos recibido una nueva solicitud de alta con tus datos. Tu código de registro es ${code}:`,
          'introdúcelo en la página de alta para continuar donde lo dejaste.',
        ].join('\n'),
      };
}

/**
 * The sections the browser claims complete must be true on the server too (the browser
 * cannot skip verification, documents or the service choice).
 */
async function assertSectionsTrue(
  tx: Queryable,
  registrationId: string,
  metadata: RegistrationMetadata,
  verified: { emailVerified: boolean; phoneVerified: boolean },
): Promise<void> {
  const sections = metadata.completedSections ?? {};
  if (sections.verification && !verified.emailVerified && !verified.phoneVerified) {
    throw refusal('verification_incomplete');
  }
  if (sections.documents) {
    const uploaded = await documentTypesOf(tx, registrationId);
    if (!UPLOAD_TYPES.every((type) => uploaded.includes(type))) {
      throw refusal('documents_incomplete');
    }
  }
  if (sections.serviceDetails && !metadata.serviceDetails) {
    throw refusal('selection_required');
  }
}

type ChosenUnits = { productId: string; numberProductsRequired?: number | undefined };

/**
 * Once a deposit is being paid or paid, the units it holds are the ones rented: another product
 * or number of units would need another deposit and other units (the period may still change).
 */
async function serviceLockedByPayment(
  tx: Queryable,
  row: RegistrationRow,
  wanted: ChosenUnits | null,
): Promise<boolean> {
  const current = readMetadata(row.metadata).serviceDetails;
  if (!current) return false;
  const same =
    wanted?.productId === current.productId &&
    (wanted.numberProductsRequired ?? 1) === (current.numberProductsRequired ?? 1);
  if (same) return false;
  const payment = await latestPayment(tx, row.id);
  return payment?.status === 'pending' || payment?.status === 'processing' || payment?.status === 'completed';
}

/**
 * The contract carries the client's details (name, ID, address, the account of the SEPA mandate):
 * while one is live (waiting for signatures or signed) they cannot change under it, or the signed
 * PDF and the mandate would say one thing and the back-office another. Declining it frees them.
 */
async function assertContractDataUnchanged(tx: Queryable, row: RegistrationRow, next: ClientData): Promise<void> {
  // As stored (empty company fields are null): the same details sent again are no change.
  const stored = clientColumnValues(toClientData(row));
  const changed = clientColumnValues(next).some((value, i) => value !== stored[i]);
  if (!changed) return;
  const { rows } = await tx.query(
    `select 1 from contracts where registration_id = $1 and status in ('awaiting_signatures', 'completed')`,
    [row.id],
  );
  if (rows.length) throw refusal('contract_data_locked');
}

async function assertServiceUnchangedOncePaying(tx: Queryable, row: RegistrationRow, wanted: ChosenUnits | null) {
  if (await serviceLockedByPayment(tx, row, wanted)) throw refusal('service_locked_payment');
}

export const registrationHandlerFunction = actionFunction('registration-handler', registrationActions, {
  async update_field({ registrationId, field, value }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    return withDelivery(ctx, async (tx) => {
      const row = await requireOpenRegistration(tx, registrationId);
      const clientField = FIELD_OF_COLUMN[field];
      const current = toClientData(row);
      if (
        (field === 'client_type' && !['individual', 'company'].includes(value)) ||
        (field === 'document_type' && !['dni', 'nie'].includes(value))
      ) {
        throw new HttpError(400, `Invalid ${field}`);
      }
      if (value.length > CLIENT_FIELD_MAX_LENGTH[clientField]) {
        throw new HttpError(400, `${clientField}: too long`, { [clientField]: 'Too long' });
      }
      const next = normaliseClientData({ ...current, [clientField]: value } as ClientData);
      assertValid(next, ctx.config.SMS_COUNTRIES, clientField);
      await assertContractDataUnchanged(tx, row, next);
      await saveClientData(ctx, tx, row, next);
      return { success: true as const };
    });
  },

  async check_existing({ email, phone }, ctx, meta) {
    await assertExistenceCheckAllowed(ctx, meta);
    const normalised = normaliseClientData({ ...EMPTY_CLIENT_DATA, email, phone });
    return withDelivery(ctx, async (tx) => {
      const { rows } = await tx.query<RegistrationRow & { remind: boolean }>(
        `select *, (code_reminder_sent_at is null or code_reminder_sent_at < now() - make_interval(secs => $3)) as remind
         from registrations
         where lower(email) = lower($1) and phone = $2 and global_status = 'in_progress'
         order by created_at desc limit 1 for update`,
        [normalised.email, normalised.phone, RESEND_COOLDOWN_SECONDS],
      );
      const existing = rows[0];
      if (!existing) return { exists: false, registration_code: null };
      // The code goes to the registration's own inbox, never to whoever typed the address.
      // Drawn from the address's message budget: past it, silently nothing (the answer is the same).
      if (existing.remind && (await mayMessage(tx, ctx, 'email', existing.email))) {
        await ctx.mailer.queue(
          { to: existing.email, ...recoveryReminder(existing.registration_code, existing.language) },
          tx,
        );
        await tx.query('update registrations set code_reminder_sent_at = now() where id = $1', [existing.id]);
      }
      return { exists: true, registration_code: null };
    });
  },

  async create_registration(input, ctx, meta) {
    const data = normaliseClientData(input);
    assertValid(data, ctx.config.SMS_COUNTRIES);
    return withDelivery(ctx, async (tx) => {
      // Parallel submits of the same person wait here, then find the first one's registration.
      await tx.query("select pg_advisory_xact_lock(hashtext('registration:' || lower($1) || '|' || $2))", [
        data.email,
        data.phone,
      ]);
      const { rows: recent } = await tx.query(
        `select id from registrations
         where lower(email) = lower($1) and phone = $2 and global_status = 'in_progress'
           and created_at > now() - make_interval(secs => $3)`,
        [data.email, data.phone, input.startNew ? START_NEW_BURST_SECONDS : DUPLICATE_WINDOW_SECONDS],
      );
      if (recent.length) throw new HttpError(409, DUPLICATE_REGISTRATION);
      const id = randomUUID();
      const language = input.language ?? 'es';
      let code = '';
      // A clash of two random codes is rare; the unique index decides, then we draw again.
      for (let attempt = 0; attempt < 10 && !code; attempt++) {
        const candidate = generateRecoveryCode();
        const insert = sql`insert into registrations (id, registration_code, language, ${sql.columns(CLIENT_COLUMNS)}, metadata)
           values (${id}, ${candidate}, ${language}, ${sql.values(clientColumnValues(data))},
             ${JSON.stringify({ completedSections: { clientData: true } })})
           on conflict (registration_code) do nothing returning id`;
        const { rows } = await tx.query<{ id: string }>(insert.text, insert.values);
        if (rows.length) code = candidate;
      }
      if (!code) throw new Error('Could not draw a unique registration code');
      const contact = { id, registration_code: code, email: data.email, phone: data.phone, language };
      await issueCode(ctx, tx, contact, 'email');
      await issueCode(ctx, tx, contact, 'sms');
      await openApplicantSession(tx, meta, id);
      return { registrationId: id };
    });
  },

  async verify_tokens({ registrationId, emailToken, smsToken }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const wanted: Channel[] = [...(emailToken ? ['email' as const] : []), ...(smsToken ? ['sms' as const] : [])];
    if (wanted.length === 0) throw new HttpError(400, 'Enter a verification code');
    return ctx.db.transaction(async (tx) => {
      const row = await requireOpenRegistration(tx, registrationId);
      const alreadyVerified = (channel: Channel) => (channel === 'email' ? row.email_verified : row.phone_verified);
      // Check every channel before settling any, so one refusal cannot undo the other's count.
      const pending = new Map<Channel, { code_hash: string }>();
      for (const channel of wanted) {
        if (!alreadyVerified(channel)) pending.set(channel, await pendingCode(tx, registrationId, channel));
      }
      const result: Partial<Record<Channel, boolean>> = {};
      for (const channel of wanted) {
        const code = channel === 'email' ? emailToken : smsToken;
        const stored = pending.get(channel);
        result[channel] = stored ? await settleCode(tx, registrationId, channel, stored, code.trim()) : true;
      }
      await touchRegistration(tx, registrationId);
      // A verified e-mail that took a waitlist offer gets the units held for it.
      if (result.email && !row.email_verified) await claimHeldUnits(tx, ctx.clock, registrationId, row.email);
      if (wanted.length === 2) return { verified: Boolean(result.email && result.sms) };
      return wanted[0] === 'email'
        ? { verified: { email_verified: Boolean(result.email) } }
        : { verified: { phone_verified: Boolean(result.sms) } };
    });
  },

  async resend_verification({ registrationId, type }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const channel: Channel = type === 'email' ? 'email' : 'sms';
    return withDelivery(ctx, async (tx) => {
      const row = await requireOpenRegistration(tx, registrationId);
      if (channel === 'email' ? row.email_verified : row.phone_verified) {
        throw refusal('channel_verified');
      }
      const wait = await secondsUntilResend(tx, registrationId, channel);
      if (wait > 0) {
        throw new HttpError(429, `Please wait ${wait} seconds (2 minutes between codes) before requesting a new code.`);
      }
      // Always to the address on file: the payload's copies are informative only.
      await issueCode(ctx, tx, row, channel);
      await touchRegistration(tx, registrationId);
      return { success: true };
    });
  },

  async get_registration_status({ recoveryCode }, ctx, meta) {
    await assertRecoveryAllowed(ctx, meta);
    const { rows } = await ctx.db.query<{ id: string }>('select id from registrations where registration_code = $1', [
      recoveryCode,
    ]);
    const found = rows[0];
    if (!found) {
      await recordWrongGuess(ctx, meta);
      throw new HttpError(404, NO_REGISTRATION_WITH_CODE);
    }
    if (await holdsApplicantSession(ctx.db, meta, found.id)) {
      return { registrationId: found.id, confirmationRequired: false };
    }
    const sentTo = await withDelivery(ctx, async (tx) =>
      challengeRecovery(ctx, tx, await requireRegistration(tx, found.id)),
    );
    return { registrationId: found.id, confirmationRequired: true, sentTo };
  },

  async confirm_recovery({ registrationId, recoveryCode, code }, ctx, meta) {
    await assertRecoveryAllowed(ctx, meta);
    const row = await findRegistration(ctx.db, registrationId);
    if (!row || row.registration_code !== recoveryCode) {
      await recordWrongGuess(ctx, meta);
      throw new HttpError(404, NO_REGISTRATION_WITH_CODE);
    }
    if (!(await settleRecovery(ctx.db, registrationId, code))) throw new HttpError(400, WRONG_RECOVERY_CODE);
    await openApplicantSession(ctx.db, meta, registrationId);
    await touchRegistration(ctx.db, registrationId);
    return { registrationId };
  },

  async get_registration_with_documents({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const row = await requireRegistration(ctx.db, registrationId);
    await touchRegistration(ctx.db, registrationId);
    const { rows } = await ctx.db.query<{
      registration_id: string;
      document_type: UploadType;
      file_path: string;
      review_status: 'pending' | 'approved' | 'rejected';
      rejection_reason: string | null;
    }>(
      `select registration_id::text as registration_id, document_type, file_path, review_status, rejection_reason
       from registration_documents where registration_id = $1 order by document_type`,
      [registrationId],
    );
    return { registration: toRecord(row), documents: rows };
  },

  async update_registration(input, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, input.registrationId);
    const data = normaliseClientData(input);
    assertValid(data, ctx.config.SMS_COUNTRIES);
    const requested = input.metadata.serviceDetails ?? null;
    const choosing = Boolean(input.metadata.completedSections?.serviceDetails);
    let service = requested;
    if (requested) {
      const product = await findProduct(ctx.db, requested.productId, input.registrationId);
      const units = product ? unitsFor(product, requested) : 1;
      const reason =
        unavailability(product, units) ??
        (product && !isOffered(product, requested.period) ? ('period_not_offered' as const) : null);
      // A confirmed choice must be valid; a mere preselection that went out of stock is dropped.
      if (reason && choosing) throw refusal(reason);
      service = reason || !product ? null : pricedChoice(product, requested, units, data.clientType);
    }
    return withDelivery(ctx, async (tx) => {
      const row = await requireOpenRegistration(tx, input.registrationId);
      await assertServiceUnchangedOncePaying(tx, row, service);
      await assertContractDataUnchanged(tx, row, data);
      // Verification flags come from verify_tokens only; the browser's copies are ignored.
      const verified = await saveClientData(ctx, tx, row, data);
      const metadata: RegistrationMetadata = {
        completedSections: { ...input.metadata.completedSections, clientData: true },
        serviceDetails: service,
      };
      await assertSectionsTrue(tx, row.id, metadata, verified);
      await tx.query('update registrations set metadata = $2 where id = $1', [row.id, JSON.stringify(metadata)]);
      return { success: true as const };
    });
  },

  async get_resend_cooldown({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    await requireRegistration(ctx.db, registrationId);
    const [email, sms] = await Promise.all([
      secondsUntilResend(ctx.db, registrationId, 'email'),
      secondsUntilResend(ctx.db, registrationId, 'sms'),
    ]);
    return { email, sms };
  },

  async get_registration_code({ registrationId }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const row = await requireRegistration(ctx.db, registrationId);
    return { registrationCode: row.registration_code };
  },

  async check_registration_exists_by_id({ registrationId }, ctx) {
    if (!isUuid(registrationId)) return { exists: false };
    const row = await findRegistration(ctx.db, registrationId);
    if (row) await touchRegistration(ctx.db, registrationId);
    return { exists: Boolean(row), completed: row?.global_status === 'completed' };
  },

  async check_and_set_product({ registrationId, productId, volumeRequested }, ctx, meta) {
    await requireApplicantSession(ctx.db, meta, registrationId);
    const refused = (code: RefusalCode) => ({ success: false, error: REFUSALS[code], code });
    return ctx.db.transaction(async (tx) => {
      const row = await findRegistration(tx, registrationId, { forUpdate: true });
      if (!row) return refused('registration_not_found');
      if (row.global_status === 'completed') return refused('registration_locked');
      // A waitlist offer taken by this (already verified) applicant: its unit is theirs to choose.
      await claimForRegistration(tx, ctx.clock, registrationId);
      const product = await findProduct(tx, productId, registrationId);
      if (!product) return refused('product_not_found');
      const metadata = readMetadata(row.metadata);
      const previous = metadata.serviceDetails;
      const requested = {
        volumeRequested: volumeRequested ?? (previous?.productId === productId ? previous.volumeRequested : undefined),
        numberProductsRequired: previous?.productId === productId ? previous.numberProductsRequired : undefined,
      };
      const units = unitsFor(product, requested);
      if (await serviceLockedByPayment(tx, row, { productId, numberProductsRequired: units })) {
        return refused('service_locked_payment');
      }
      const reason = unavailability(product, units);
      if (reason) return refused(reason);
      // Monthly by default (§4), or the first period the product is offered for.
      const period =
        previous && isOffered(product, previous.period) ? previous.period : (firstOfferedPeriod(product) ?? 'monthly');
      const choice = pricedChoice(
        product,
        { productId, productName: product.names.es, period, setupFee: 0, recurringFee: 0, ...requested },
        units,
        row.client_type,
      );
      await tx.query(
        'update registrations set metadata = $2, updated_at = now(), last_activity_at = now() where id = $1',
        [registrationId, JSON.stringify({ ...metadata, serviceDetails: choice })],
      );
      return {
        success: true,
        productId: choice.productId,
        productName: choice.productName,
        numberProductsRequired: units,
      };
    });
  },
});
