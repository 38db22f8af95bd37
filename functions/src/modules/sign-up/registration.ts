import { randomUUID } from 'node:crypto';
import {
  type ClientData,
  moveInDayProblem,
  normaliseClientData,
  REFUSALS,
  type RefusalCode,
  type registrationActions,
  UPLOAD_TYPES,
  type UploadType,
} from 'shared-api';
import type { Language } from 'shared-i18n';
import type { z } from 'zod';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { madridDate } from '../../platform/madrid-time';
import type { RequestMeta } from '../../platform/request-meta';
import { latestPayment } from '../billing';
import { claimForRegistration } from '../waitlist';
import { openApplicantSession } from './applicant-session';
import { assertContractDataUnchanged, assertValid, saveClientData } from './client-data';
import { generateRecoveryCode, RESEND_COOLDOWN_SECONDS } from './codes';
import {
  CLIENT_COLUMNS,
  clientColumnValues,
  documentTypesOf,
  findRegistration,
  type RegistrationMetadata,
  type RegistrationRow,
  readMetadata,
  requireOpenRegistration,
  requireRegistration,
  toRecord,
  touchRegistration,
} from './records';
import { findProduct, firstOfferedPeriod, isOffered, pricedChoice, unavailability, unitsFor } from './service-choice';
import { issueCode } from './verification';

type UpdateRegistrationInput = z.output<(typeof registrationActions)['update_registration']['request']>;

/**
 * One sign-up per e-mail and phone at a time: a second one within the code cooldown is a
 * double submit or a script (and would send a second set of codes to the same inbox). A
 * person who saw the recovery screen and chose "Start new process" says so (`startNew`); then
 * only a burst within a couple of seconds is refused.
 */
const DUPLICATE_WINDOW_SECONDS = RESEND_COOLDOWN_SECONDS;
const START_NEW_BURST_SECONDS = 2;
const DUPLICATE_REGISTRATION =
  'A sign-up with this e-mail and phone was started moments ago. Use the registration code we e-mailed to continue it.';

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

async function assertServiceUnchangedOncePaying(tx: Queryable, row: RegistrationRow, wanted: ChosenUnits | null) {
  if (await serviceLockedByPayment(tx, row, wanted)) throw refusal('service_locked_payment');
}

/** A new sign-up: the client data, a registration code, both verification codes, the applicant's session. */
export async function createRegistration(
  ctx: FunctionContext,
  meta: RequestMeta,
  input: ClientData & { language?: Language | undefined; startNew?: boolean | undefined },
) {
  const data = normaliseClientData(input);
  assertValid(data, ctx.config.SMS_COUNTRIES);
  return commitThenRun(ctx, async (tx) => {
    // Parallel submits of the same person wait here, then find the first one's registration.
    await tx.query(
      sql`select pg_advisory_xact_lock(hashtext('registration:' || lower(${data.email}) || '|' || ${data.phone}))`,
    );
    const { rows: recent } = await tx.query(sql`select id from registrations
       where lower(email) = lower(${data.email}) and phone = ${data.phone} and global_status = 'in_progress'
         and created_at > now() - make_interval(secs => ${input.startNew ? START_NEW_BURST_SECONDS : DUPLICATE_WINDOW_SECONDS})`);
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
      const { rows } = await tx.query<{ id: string }>(insert);
      if (rows.length) code = candidate;
    }
    if (!code) throw new Error('Could not draw a unique registration code');
    const contact = { id, registration_code: code, email: data.email, phone: data.phone, language };
    await issueCode(ctx, tx, contact, 'email');
    await issueCode(ctx, tx, contact, 'sms');
    await openApplicantSession(tx, meta, id);
    return { registrationId: id };
  });
}

/** The registration as the browser sees it, with its documents' review state. */
export async function registrationWithDocuments(ctx: FunctionContext, registrationId: string) {
  const row = await requireRegistration(ctx.db, registrationId);
  await touchRegistration(ctx.db, registrationId);
  const { rows } = await ctx.db.query<{
    registration_id: string;
    document_type: UploadType;
    file_path: string;
    review_status: 'pending' | 'approved' | 'rejected';
    rejection_reason: string | null;
  }>(sql`select registration_id::text as registration_id, document_type, file_path, review_status, rejection_reason
     from registration_documents where registration_id = ${registrationId} order by document_type`);
  return { registration: toRecord(row), documents: rows };
}

/** The client data and the sections the browser completed, each checked on the server. */
export async function updateRegistration(ctx: FunctionContext, input: UpdateRegistrationInput) {
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
    // The move-in day, from today to 30 days ahead on the facility's calendar. One gone by (a draft
    // saved days ago) means as soon as signed: dropped, not refused, so the sign-up is never stuck.
    const dayProblem = requested.moveInDate
      ? moveInDayProblem(requested.moveInDate, madridDate(ctx.clock.now()))
      : null;
    if (dayProblem && dayProblem !== 'past' && choosing) throw refusal('move_in_date_invalid');
    const wanted = dayProblem ? { ...requested, moveInDate: undefined } : requested;
    service = reason || !product ? null : pricedChoice(product, wanted, units, data.clientType);
  }
  return commitThenRun(ctx, async (tx) => {
    const row = await requireOpenRegistration(tx, input.registrationId);
    await assertServiceUnchangedOncePaying(tx, row, service);
    // The contract says which day it starts: once it is made, that day is the contract's.
    const agreedDay = readMetadata(row.metadata).serviceDetails?.moveInDate ?? null;
    if (requested && (requested.moveInDate ?? null) !== agreedDay) {
      const { rows: contract } = await tx.query(sql`select 1 from contracts where registration_id = ${row.id}
         and kind = 'rental' and status in ('awaiting_signatures', 'completed')`);
      if (contract.length) throw refusal('contract_data_locked');
    }
    await assertContractDataUnchanged(tx, row, data);
    // Verification flags come from verify_tokens only; the browser's copies are ignored.
    const verified = await saveClientData(ctx, tx, row, data);
    const metadata: RegistrationMetadata = {
      completedSections: { ...input.metadata.completedSections, clientData: true },
      serviceDetails: service,
    };
    await assertSectionsTrue(tx, row.id, metadata, verified);
    await tx.query(sql`update registrations set metadata = ${JSON.stringify(metadata)} where id = ${row.id}`);
    return { success: true as const };
  });
}

/** The unit the applicant chose (from the calculator or a waitlist offer), if free and offered. */
export async function chooseProduct(
  ctx: FunctionContext,
  {
    registrationId,
    productId,
    volumeRequested,
  }: { registrationId: string; productId: string; volumeRequested?: number | undefined },
) {
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
      moveInDate: previous?.moveInDate,
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
      sql`update registrations set metadata = ${JSON.stringify({ ...metadata, serviceDetails: choice })}, updated_at = now(), last_activity_at = now() where id = ${registrationId}`,
    );
    return {
      success: true,
      productId: choice.productId,
      productName: choice.productName,
      numberProductsRequired: units,
    };
  });
}
