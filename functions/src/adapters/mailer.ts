import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Queryable } from '../db';
import type { Outbox } from './outbox';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Kept out of the development outbox listing: the link in it acts for the company. */
  unlisted?: boolean;
}

export interface Mailer {
  /** Writes the e-mail to the outbox inside the caller's transaction; returns its outbox id. */
  queue(email: Email, tx?: Queryable): Promise<string>;
  /** After commit: hands queued e-mails to SMTP when configured (the outbox is the delivery otherwise). */
  deliver(outboxIds: string[]): Promise<void>;
}

export interface MailerOptions {
  outbox: Outbox;
  db: Queryable;
  log: Logger;
  from: string;
  smtpUrl?: string | undefined;
}

export function createMailer({ outbox, db, log, from, smtpUrl }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const queued = new Map<string, Email>();
  return {
    async queue(email, tx) {
      const id = await outbox.enqueue(
        {
          channel: 'email',
          recipient: email.to,
          subject: email.subject,
          body: email.text,
          ...(email.unlisted ? { unlisted: true } : {}),
        },
        tx,
      );
      queued.set(id, email);
      return id;
    },
    async deliver(outboxIds) {
      for (const id of outboxIds) {
        const email = queued.get(id);
        queued.delete(id);
        if (!transport || !email) continue;
        try {
          await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
          await db.query('update outbox set sent_at = now() where id = $1', [id]);
        } catch (error) {
          // The message stays in the outbox with its error, for a retry or a human.
          log.error({ err: error, outboxId: id }, 'SMTP delivery failed');
          await db.query('update outbox set error = $2 where id = $1', [id, (error as Error).message]);
        }
      }
    },
  };
}
