import { createServer, type Server } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_PORTS } from './ports';

/**
 * The inboxes of the e2e stack: the functions service delivers by SMTP here, and journeys read
 * what a person received over HTTP (they run in other processes). Messages the development
 * outbox never lists, such as the company's signing links, are read only here, as the company
 * reads them from its own inbox.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Files as received, base64: a journey opens the signed contract. */
  attachments: { filename: string; contentType: string; base64: string }[];
}

export async function startMailbox(): Promise<() => Promise<void>> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              base64: file.content.toString('base64'),
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_PORTS.smtp, '127.0.0.1', () => resolve()));
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const recipient = url.searchParams.get('recipient')?.toLowerCase() ?? '';
    const messages = received.filter((m) => m.to.includes(recipient)).reverse();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messages }));
  });
  await new Promise<void>((resolve) => http.listen(E2E_PORTS.mailbox, '127.0.0.1', () => resolve()));
  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
}
