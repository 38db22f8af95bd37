import type { Logger } from 'pino';
import { type DocumentStorage, localDocumentStorage } from './adapters/document-storage';
import { type DoorRelay, httpRelay, simulatedRelay } from './adapters/door-relay';
import { createMailer, type Mailer } from './adapters/mailer';
import { createOutbox, type Outbox } from './adapters/outbox';
import { outboxSms, type SmsSender } from './adapters/sms';
import type { FunctionsConfig } from './config';
import type { Database } from './db';

/** What every function handler may use; built once at start-up. */
export interface FunctionContext {
  db: Database;
  config: FunctionsConfig;
  log: Logger;
  outbox: Outbox;
  mailer: Mailer;
  doorRelay: DoorRelay;
  sms: SmsSender;
  documents: DocumentStorage;
}

export function createContext(db: Database, config: FunctionsConfig, log: Logger): FunctionContext {
  const outbox = createOutbox(db);
  return {
    db,
    config,
    log,
    outbox,
    mailer: createMailer({ outbox, db, log, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL }),
    sms: outboxSms(outbox),
    documents: localDocumentStorage(config.DOCUMENTS_DIR),
    doorRelay: config.DOOR_RELAY_URL ? httpRelay(config.DOOR_RELAY_URL) : simulatedRelay(db, log),
  };
}
