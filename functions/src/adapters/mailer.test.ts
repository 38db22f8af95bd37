import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { createMailer } from './mailer';
import { createOutbox } from './outbox';

const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let port: number;
let db: Database;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
  db = await openPglite('memory://');
  await migrate(db);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.close();
});

describe('mailer', () => {
  const log = pino({ level: 'silent' });

  it('keeps e-mails in the outbox and, with SMTP_URL, delivers them and marks them sent', async () => {
    const mailer = createMailer({
      outbox: createOutbox(db),
      db,
      log,
      from: 'demo@x.test',
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    const id = await mailer.queue({ to: 'ana@example.com', subject: 'Hola', text: 'Cuerpo del mensaje' });
    await mailer.deliver([id]);
    expect(received).toEqual([{ to: ['ana@example.com'], data: expect.stringContaining('Cuerpo del mensaje') }]);
    const { rows } = await db.query<{ sent: boolean; error: string | null }>(
      'select sent_at is not null as sent, error from outbox where id = $1',
      [id],
    );
    expect(rows).toEqual([{ sent: true, error: null }]);
  });

  it('records the SMTP error on the outbox row and does not throw', async () => {
    const mailer = createMailer({
      outbox: createOutbox(db),
      db,
      log,
      from: 'demo@x.test',
      smtpUrl: 'smtp://127.0.0.1:1',
    });
    const id = await mailer.queue({ to: 'ana@example.com', subject: 'Hola', text: 'x' });
    await expect(mailer.deliver([id])).resolves.toBeUndefined();
    const { rows } = await db.query<{ sent: boolean; error: string | null }>(
      'select sent_at is not null as sent, error from outbox where id = $1',
      [id],
    );
    expect(rows[0]?.sent).toBe(false);
    expect(rows[0]?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP the outbox is the delivery', async () => {
    const mailer = createMailer({ outbox: createOutbox(db), db, log, from: 'demo@x.test' });
    const before = received.length;
    const id = await mailer.queue({ to: 'b@example.com', subject: 's', text: 't' });
    await mailer.deliver([id]);
    expect(received.length).toBe(before);
    expect((await createOutbox(db).latest({ recipient: 'b@example.com', limit: 5 })).map((m) => m.body)).toEqual(['t']);
  });
});
