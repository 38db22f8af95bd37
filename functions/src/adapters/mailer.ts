import nodemailer from 'nodemailer';
import type { Queryable } from '../platform/db';
import type { LocalisedContent } from '../platform/email/content';
import { renderEmail, type Sender } from '../platform/email/render';
import type { Attachment, Outbox } from './outbox';
import type { Transport } from './outbox-delivery';

interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
  /**
   * Renders a template's content (HTML and its plain-text twin) in the recipient's language, or in
   * each language given when it is not known, and queues it like `queue`.
   */
  send(
    email: { to: string; versions: LocalisedContent[] } & Pick<Email, 'unlisted' | 'attachments'>,
    tx?: Queryable,
  ): Promise<string>;
}

export function createMailer(outbox: Outbox, sender: Sender): Mailer {
  const queue: Mailer['queue'] = (email, tx) =>
    outbox.enqueue(
      {
        channel: 'email',
        recipient: email.to,
        subject: email.subject,
        body: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.unlisted ? { unlisted: true } : {}),
        ...(email.attachments?.length ? { attachments: email.attachments } : {}),
      },
      tx,
    );
  return {
    queue,
    async send({ to, versions, unlisted, attachments }, tx) {
      const { subject, text, html } = await renderEmail(versions, sender);
      return queue(
        { to, subject, text, html, ...(unlisted ? { unlisted } : {}), ...(attachments ? { attachments } : {}) },
        tx,
      );
    },
  };
}

/** E-mail through SMTP (SMTP_URL); without it the outbox is the delivery (read in development). */
export function smtpTransport({ smtpUrl, from }: { smtpUrl: string; from: string }): Transport {
  // A server that stalls fails the attempt (retried later) instead of holding the job for the
  // socket's own ten minutes: a minute of silence is enough.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      ...(message.html ? { html: message.html } : {}),
      attachments: message.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.content),
      })),
    });
  };
}
