import nodemailer from 'nodemailer';
import type { Queryable } from '../platform/db';
import type { Attachment, Outbox } from './outbox';
import type { Transport } from './outbox-delivery';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Kept out of the development outbox listing: the link in it acts for the company. */
  unlisted?: boolean;
  attachments?: Attachment[];
}

export interface Mailer {
  /**
   * Writes the e-mail to the outbox inside the caller's transaction; returns its outbox id. The
   * outbox's delivery sends it once committed (`ctx.jobs.wake()` after the commit).
   */
  queue(email: Email, tx?: Queryable): Promise<string>;
}

export function createMailer(outbox: Outbox): Mailer {
  return {
    queue: (email, tx) =>
      outbox.enqueue(
        {
          channel: 'email',
          recipient: email.to,
          subject: email.subject,
          body: email.text,
          ...(email.unlisted ? { unlisted: true } : {}),
          ...(email.attachments?.length ? { attachments: email.attachments } : {}),
        },
        tx,
      ),
  };
}

/** E-mail through SMTP (SMTP_URL); without it the outbox is the delivery (read in development). */
export function smtpTransport({ smtpUrl, from }: { smtpUrl: string; from: string }): Transport {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      attachments: message.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.content),
      })),
    });
  };
}
