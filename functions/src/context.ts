import type { Logger } from 'pino';
import { type BillingClients, localBilling } from './adapters/billing';
import { type DocumentStorage, localDocumentStorage } from './adapters/document-storage';
import { type DoorRelay, httpRelay, simulatedRelay } from './adapters/door-relay';
import { docusealESign, type ESign, localESign } from './adapters/esign';
import { createMailer, type Mailer, smtpTransport } from './adapters/mailer';
import { createOutbox, type Outbox } from './adapters/outbox';
import { DELIVERY_JOB, deliveryJob, scheduleDelivery, type Transports } from './adapters/outbox-delivery';
import { type CardPayments, revolutApiUrl, revolutPayments, sandboxPayments } from './adapters/payments';
import { outboxSms, type SmsSender } from './adapters/sms';
import type { FunctionsConfig } from './config';
import type { Database } from './platform/db';
import { type AdjustableClock, adjustableClock, type Clock, systemClock } from './platform/jobs/clock';
import { createJobQueue, type JobHandler, type JobQueue } from './platform/jobs/queue';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime/hub';

/** What every function handler may use; built once at start-up. */
export interface FunctionContext {
  db: Database;
  config: FunctionsConfig;
  log: Logger;
  /** Every e-mail and text; a message on a channel with a provider is delivered by a job. */
  outbox: Outbox;
  mailer: Mailer;
  doorRelay: DoorRelay;
  sms: SmsSender;
  documents: DocumentStorage;
  billing: BillingClients;
  payments: CardPayments;
  esign: ESign;
  realtime: RealtimeHub;
  /** Domain time (offer deadlines, due jobs); adjustable only where the development endpoints are. */
  clock: Clock;
  /** Set when the clock may be moved (tests, DEV_OUTBOX=1): the dev-clock endpoint moves it. */
  adjustableClock: AdjustableClock | null;
  /** Timed work and message delivery: schedule inside a transaction, `jobs.wake()` after the commit. */
  jobs: JobQueue;
}

function cardPayments(config: FunctionsConfig): CardPayments {
  if (config.PAYMENTS_PROVIDER === 'sandbox') return sandboxPayments(config.PUBLIC_SITE_URL);
  if (!config.REVOLUT_SECRET_KEY) throw new Error('PAYMENTS_PROVIDER=revolut needs REVOLUT_SECRET_KEY');
  return revolutPayments({
    apiUrl: revolutApiUrl(config.PUBLIC_SITE_URL, config.REVOLUT_API_URL),
    secretKey: config.REVOLUT_SECRET_KEY,
  });
}

function eSignature(config: FunctionsConfig): ESign {
  if (config.ESIGN_PROVIDER === 'local') return localESign(config.PUBLIC_SITE_URL);
  const { DOCUSEAL_API_URL, DOCUSEAL_API_KEY, DOCUSEAL_TEMPLATE_ID, DOCUSEAL_MANDATE_TEMPLATE_ID } = config;
  // A tenant's new bank account is a mandate signed on its own: without its template the account
  // would offer a change that cannot be sent.
  if (!DOCUSEAL_API_URL || !DOCUSEAL_API_KEY || !DOCUSEAL_TEMPLATE_ID || !DOCUSEAL_MANDATE_TEMPLATE_ID) {
    throw new Error(
      'ESIGN_PROVIDER=docuseal needs DOCUSEAL_API_URL, DOCUSEAL_API_KEY, DOCUSEAL_TEMPLATE_ID and DOCUSEAL_MANDATE_TEMPLATE_ID',
    );
  }
  return docusealESign({
    apiUrl: DOCUSEAL_API_URL,
    apiKey: DOCUSEAL_API_KEY,
    templateId: DOCUSEAL_TEMPLATE_ID,
    mandateTemplateId: DOCUSEAL_MANDATE_TEMPLATE_ID,
  });
}

/**
 * The context, and its job queue with the handlers `jobHandlers` gives for it (job-handlers.ts:
 * the capabilities' timed work). Passed in rather than imported, so that the capabilities, which
 * import this file's types, never sit in a cycle with it.
 */
export function createContext(
  db: Database,
  config: FunctionsConfig,
  log: Logger,
  jobHandlers: (ctx: FunctionContext) => Record<string, JobHandler> = () => ({}),
): FunctionContext {
  const adjustable = config.exposeOutbox || config.NODE_ENV === 'test' ? adjustableClock() : null;
  const clock = adjustable ?? systemClock;
  // The handlers need the context they are part of.
  const handlers: Record<string, JobHandler> = {};
  // Deadlines never give up: a failing expiry keeps being retried (back-off capped at an hour).
  const jobs = createJobQueue({ db, log, clock, handlers, maxAttempts: Number.POSITIVE_INFINITY });
  const transports: Transports = config.SMTP_URL
    ? { email: smtpTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) }
    : {};
  const outbox = createOutbox(db, scheduleDelivery({ jobs, clock, transports }));
  const ctx: FunctionContext = {
    db,
    config,
    log,
    outbox,
    mailer: createMailer(outbox, { businessName: config.BUSINESS_NAME, siteUrl: config.PUBLIC_SITE_URL }),
    sms: outboxSms(outbox, config.SMS_COUNTRIES, log),
    documents: localDocumentStorage(config.DOCUMENTS_DIR),
    billing: localBilling(),
    payments: cardPayments(config),
    esign: eSignature(config),
    realtime: createRealtimeHub(db, log),
    doorRelay: config.DOOR_RELAY_URL ? httpRelay(config.DOOR_RELAY_URL) : simulatedRelay(db, log),
    clock,
    adjustableClock: adjustable,
    jobs,
  };
  Object.assign(handlers, jobHandlers(ctx), { [DELIVERY_JOB]: deliveryJob({ db, log, clock, transports }) });
  return ctx;
}
