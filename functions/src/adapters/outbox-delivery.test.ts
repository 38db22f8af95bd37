import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db';
import { migrate } from '../platform/db/migrate';
import { databaseEngines } from '../testing/databases';
import { createMailer, smtpTransport } from './mailer';
import { createOutbox } from './outbox';
import { createOutboxDelivery, type OutboxDeliveryOptions, retryDelayMs, withDelivery } from './outbox-delivery';

const log = pino({ level: 'silent' });

/** A real SMTP server that refuses the next `refusals` messages, then accepts. */
const smtp = {
  received: [] as { to: string[]; data: string }[],
  refusals: 0,
  server: null as SMTPServer | null,
  url: '',
};

beforeAll(async () => {
  smtp.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        if (smtp.refusals > 0) {
          smtp.refusals--;
          const refusal = Object.assign(new Error('451 try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        smtp.received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  const server = smtp.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server?.close(() => resolve()));
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refusals = 0;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseEngines())('the outbox’s delivery on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open();
    await migrate(db);
  });
  afterAll(() => db.close());

  const delivery = (options: Partial<OutboxDeliveryOptions> = {}) =>
    createOutboxDelivery({
      db,
      log,
      transports: { email: smtpTransport({ smtpUrl: smtp.url, from: 'demo@x.test' }) },
      retry: { baseDelayMs: 200, maxDelayMs: 1_000, maxAttempts: 4 },
      ...options,
    });

  /** What a function does: the e-mail is a row written in its transaction. */
  async function commitEmail(to: string, text = 'Tu código es 123456') {
    const ctx = { db, delivery: { wake() {}, runOnce: async () => 0, start() {}, stop: async () => {} } };
    return withDelivery(ctx, (tx) => createMailer(createOutbox(db)).queue({ to, subject: 'Código', text }, tx));
  }

  const row = async (id: string) =>
    (
      await db.query<{ sent: boolean; failed: boolean; attempts: number; error: string | null }>(
        `select sent_at is not null as sent, failed_at is not null as failed, attempts, error from outbox where id = $1`,
        [id],
      )
    ).rows[0];

  it('a message committed before the service died is delivered once after it restarts, by one of its instances', async () => {
    // The service committed the row and was killed before delivering it: nothing in memory survives.
    const id = await commitEmail('ana@example.com');
    // Restarted, as two instances polling at once.
    const [first, second] = [delivery(), delivery()];
    const sent = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(smtp.received).toEqual([{ to: ['ana@example.com'], data: expect.stringContaining('123456') }]);
    expect(await row(id)).toEqual({ sent: true, failed: false, attempts: 1, error: null });
    // Nothing left to send: a later poll sends nothing again.
    expect(await first.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends an e-mail’s attachments with it over SMTP (the signed contract)', async () => {
    const pdf = Buffer.from('%PDF-1.7 contrato firmado %%EOF');
    const ctx = { db, delivery: { wake() {}, runOnce: async () => 0, start() {}, stop: async () => {} } };
    const id = await withDelivery(ctx, (tx) =>
      createMailer(createOutbox(db)).queue(
        {
          to: 'ana@example.com',
          subject: 'Tu contrato',
          text: 'Adjunto',
          attachments: [{ filename: 'contrato-K7P2QX.pdf', contentType: 'application/pdf', content: pdf }],
        },
        tx,
      ),
    );
    expect(await delivery().runOnce()).toBe(1);
    const data = smtp.received[0]?.data ?? '';
    expect(data).toMatch(/Content-Type: application\/pdf; name=contrato-K7P2QX\.pdf/);
    expect(data).toContain(pdf.toString('base64'));
    expect(await row(id)).toMatchObject({ sent: true });
  });

  it('retries with back-off when SMTP refuses twice, then the server accepts', async () => {
    smtp.refusals = 2;
    const id = await commitEmail('luis@example.com');
    const poller = delivery();
    expect(await poller.runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({
      sent: false,
      failed: false,
      attempts: 1,
      error: expect.stringMatching(/451/),
    });
    // Not due yet: the back-off holds it.
    expect(await poller.runOnce()).toBe(0);
    expect((await row(id))?.attempts).toBe(1);
    await sleep(retryDelayMs(1, { baseDelayMs: 200, maxDelayMs: 1_000, maxAttempts: 4 }) + 50);
    expect(await poller.runOnce()).toBe(0);
    expect((await row(id))?.attempts).toBe(2);
    await sleep(retryDelayMs(2, { baseDelayMs: 200, maxDelayMs: 1_000, maxAttempts: 4 }) + 50);
    expect(await poller.runOnce()).toBe(1);
    expect(await row(id)).toEqual({ sent: true, failed: false, attempts: 3, error: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['luis@example.com']]);
  });

  it('gives a message up after the last attempt, with the reason, and never claims it again', async () => {
    const id = await commitEmail('eva@example.com');
    const unreachable = delivery({
      transports: { email: smtpTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'demo@x.test' }) },
      retry: { baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 2 },
    });
    await unreachable.runOnce();
    await sleep(20);
    await unreachable.runOnce();
    expect(await row(id)).toMatchObject({
      sent: false,
      failed: true,
      attempts: 2,
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    await sleep(20);
    await unreachable.runOnce();
    expect((await row(id))?.attempts).toBe(2);
  });

  it('retries a message whose claim ran out (its instance died while sending)', async () => {
    const id = await commitEmail('pau@example.com');
    // An instance claimed it and hung (as if killed mid-delivery): its claim lasts 300 ms.
    const hung = delivery({ transports: { email: () => new Promise<void>(() => {}) }, leaseMs: 300 });
    void hung.runOnce();
    await sleep(100);
    const other = delivery();
    expect(await other.runOnce()).toBe(0);
    await sleep(300);
    expect(await other.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ sent: true, attempts: 2 });
  });

  it('does not send what is older than a day: a stale code helps nobody', async () => {
    const id = await commitEmail('old@example.com');
    await db.query(`update outbox set created_at = now() - interval '2 days' where id = $1`, [id]);
    expect(await delivery().runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({ sent: false, failed: true, error: 'expired before delivery' });
    expect(smtp.received).toEqual([]);
  });

  it('leaves a message whose transaction rolled back unsent and unseen', async () => {
    const outbox = createOutbox(db);
    await expect(
      db.transaction(async (tx) => {
        await createMailer(outbox).queue({ to: 'rolled@example.com', subject: 's', text: 't' }, tx);
        throw new Error('409 after the code was issued');
      }),
    ).rejects.toThrow('409');
    expect(await delivery().runOnce()).toBe(0);
    expect(await outbox.latest({ recipient: 'rolled@example.com', limit: 5 })).toEqual([]);
  });

  it('without a transport for a channel the outbox is the delivery: nothing is claimed', async () => {
    const id = await createOutbox(db).enqueue({ channel: 'sms', recipient: '+34600000001', body: 'código 1' });
    const poller = delivery();
    expect(await poller.runOnce()).toBe(0);
    const smsRow = await row(id);
    expect(smsRow).toMatchObject({ sent: false, failed: false, attempts: 0 });
  });

  it('delivers as soon as a commit wakes it, without waiting for the next poll', async () => {
    const poller = delivery({ pollMs: 60_000 });
    poller.start();
    try {
      await sleep(50);
      const ctx = { db, delivery: poller };
      await withDelivery(ctx, (tx) =>
        createMailer(createOutbox(db)).queue({ to: 'now@example.com', subject: 's', text: 'ahora' }, tx),
      );
      await expect.poll(() => smtp.received.map((m) => m.to[0]), { timeout: 2_000 }).toContain('now@example.com');
    } finally {
      await poller.stop();
    }
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base after each failure, up to the ceiling', () => {
    const policy = { baseDelayMs: 10_000, maxDelayMs: 60_000, maxAttempts: 8 };
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, policy))).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});
