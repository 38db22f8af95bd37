import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db';
import { sql } from '../platform/db/sql';
import { type AdjustableClock, adjustableClock } from '../platform/jobs/clock';
import { commitThenRun, createJobQueue } from '../platform/jobs/queue';
import { databaseEngines } from '../testing/databases';
import { createMailer, smtpTransport } from './mailer';
import { createOutbox } from './outbox';
import {
  DELIVERY_JOB,
  deliveryJob,
  type RetryPolicy,
  retryDelayMs,
  scheduleDelivery,
  type Transports,
} from './outbox-delivery';

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

const SENDER = { businessName: 'Trasteros Demo', siteUrl: 'https://trasteros.example' };
const RETRY: RetryPolicy = { baseDelayMs: 200, maxDelayMs: 1_000, maxAttempts: 4 };

describe.each(databaseEngines())('the outbox’s delivery, a job of the queue, on $name', (engine) => {
  let db: Database;
  let clock: AdjustableClock;
  beforeAll(async () => {
    db = await engine.openMigrated();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    clock = adjustableClock();
    await db.query(sql`delete from jobs`);
  });

  const smtpTransports = (): Transports => ({ email: smtpTransport({ smtpUrl: smtp.url, from: 'demo@x.test' }) });

  /** One instance of the service: its queue runs deliveries on the shared clock. */
  const instance = (
    options: { transports?: Transports; retry?: RetryPolicy; leaseMs?: number; pollMs?: number } = {},
  ) => {
    const transports = options.transports ?? smtpTransports();
    return createJobQueue({
      db,
      log,
      clock,
      handlers: { [DELIVERY_JOB]: deliveryJob({ db, log, clock, transports, retry: options.retry ?? RETRY }) },
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    });
  };

  /** The outbox as a function writes to it: the delivery job is scheduled in the same transaction. */
  const outboxOf = (jobs = instance(), transports = smtpTransports()) =>
    createOutbox(db, scheduleDelivery({ jobs, clock, transports }));

  /** What a function does: the e-mail is a row written in its transaction. */
  async function commitEmail(to: string, text = 'Tu código es 123456', jobs = instance()) {
    return commitThenRun({ db, jobs: { wake() {} } }, (tx) =>
      createMailer(outboxOf(jobs), SENDER).queue({ to, subject: 'Código', text }, tx),
    );
  }

  const row = async (id: string) =>
    (
      await db.query<{ sent: boolean; failed: boolean; attempts: number; error: string | null }>(
        sql`select sent_at is not null as sent, failed_at is not null as failed, attempts, error from outbox where id = ${id}`,
      )
    ).rows[0];

  it('a message committed before the service died is delivered once after it restarts, by one of its instances', async () => {
    // The service committed the row and its job and was killed before delivering it.
    const id = await commitEmail('ana@example.com');
    // Restarted, as two instances running due work at once.
    const [first, second] = [instance(), instance()];
    const ran = await Promise.all([first.runDue(), second.runDue()]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(smtp.received).toEqual([{ to: ['ana@example.com'], data: expect.stringContaining('123456') }]);
    expect(await row(id)).toEqual({ sent: true, failed: false, attempts: 1, error: null });
    // Nothing left to send: a later run sends nothing again.
    expect(await first.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends an e-mail’s attachments with it over SMTP (the signed contract)', async () => {
    const pdf = Buffer.from('%PDF-1.7 contrato firmado %%EOF');
    const id = await commitThenRun({ db, jobs: { wake() {} } }, (tx) =>
      createMailer(outboxOf(), SENDER).queue(
        {
          to: 'ana@example.com',
          subject: 'Tu contrato',
          text: 'Adjunto',
          attachments: [{ filename: 'contrato-K7P2QX.pdf', contentType: 'application/pdf', content: pdf }],
        },
        tx,
      ),
    );
    expect(await instance().runDue()).toBe(1);
    const data = smtp.received[0]?.data ?? '';
    expect(data).toMatch(/Content-Type: application\/pdf; name=contrato-K7P2QX\.pdf/);
    expect(data).toContain(pdf.toString('base64'));
    expect(await row(id)).toMatchObject({ sent: true });
  });

  it('sends a templated e-mail as HTML with its plain-text twin, in the recipient’s language', async () => {
    const id = await commitThenRun({ db, jobs: { wake() {} } }, (tx) =>
      createMailer(outboxOf(), SENDER).send(
        {
          to: 'html@example.com',
          versions: [
            {
              language: 'es',
              subject: 'Código de verificación',
              blocks: [{ kind: 'code', label: 'Tu código de verificación', code: '482913' }],
            },
          ],
        },
        tx,
      ),
    );
    expect(await instance().runDue()).toBe(1);
    const data = (smtp.received[0]?.data ?? '').replace(/=\r?\n/g, '');
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toMatch(
      /Content-Type: text\/plain[\s\S]*Tu código de verificación: 482913|Tu c=C3=B3digo de verificaci=C3=B3n: 482913/,
    );
    expect(data).toMatch(/Content-Type: text\/html[\s\S]*lang=3D"es"/);
    expect(await row(id)).toMatchObject({ sent: true });
  });

  it('retries with back-off on the service clock when SMTP refuses twice, then the server accepts', async () => {
    smtp.refusals = 2;
    const id = await commitEmail('luis@example.com');
    const queue = instance();
    expect(await queue.runDue()).toBe(0);
    expect(await row(id)).toMatchObject({
      sent: false,
      failed: false,
      attempts: 1,
      error: expect.stringMatching(/451/),
    });
    // Not due yet: the back-off holds it.
    expect(await queue.runDue()).toBe(0);
    expect((await row(id))?.attempts).toBe(1);
    clock.advance(retryDelayMs(1, RETRY));
    expect(await queue.runDue()).toBe(0);
    expect((await row(id))?.attempts).toBe(2);
    expect(await queue.runDue()).toBe(0);
    clock.advance(retryDelayMs(2, RETRY));
    expect(await queue.runDue()).toBe(1);
    expect(await row(id)).toEqual({ sent: true, failed: false, attempts: 3, error: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['luis@example.com']]);
  });

  it('gives a message up after the last attempt, with the reason, and never tries it again', async () => {
    const unreachable = instance({
      transports: { email: smtpTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'demo@x.test' }) },
      retry: { baseDelayMs: 1_000, maxDelayMs: 1_000, maxAttempts: 2 },
    });
    const id = await commitEmail('eva@example.com', 'x', unreachable);
    await unreachable.runDue();
    clock.advance(1_000);
    await unreachable.runDue();
    expect(await row(id)).toMatchObject({
      sent: false,
      failed: true,
      attempts: 2,
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    clock.advance(3_600_000);
    await unreachable.runDue();
    expect((await row(id))?.attempts).toBe(2);
  });

  it('retries a message whose claim ran out (its instance died while sending)', async () => {
    const id = await commitEmail('pau@example.com');
    // An instance claimed it and hung (as if killed mid-delivery): its claim lasts a minute.
    const hung = instance({ transports: { email: () => new Promise<void>(() => {}) }, leaseMs: 60_000 });
    void hung.runDue();
    await expect.poll(async () => (await row(id))?.attempts).toBe(1);
    const other = instance();
    expect(await other.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await other.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ sent: true, attempts: 2 });
  });

  it('does not send what waited more than a day: a stale code helps nobody', async () => {
    const id = await commitEmail('old@example.com');
    clock.advance(24 * 3_600_000 + 1);
    await instance().runDue();
    expect(await row(id)).toMatchObject({ sent: false, failed: true, error: 'expired before delivery' });
    expect(smtp.received).toEqual([]);
  });

  it('leaves a message whose transaction rolled back unsent, unseen and with no job', async () => {
    const outbox = outboxOf();
    await expect(
      db.transaction(async (tx) => {
        await createMailer(outbox, SENDER).queue({ to: 'rolled@example.com', subject: 's', text: 't' }, tx);
        throw new Error('409 after the code was issued');
      }),
    ).rejects.toThrow('409');
    expect(await instance().runDue()).toBe(0);
    expect(await outbox.latest({ recipient: 'rolled@example.com', limit: 5 })).toEqual([]);
  });

  it('without a transport for a channel the outbox is the delivery: no job is scheduled', async () => {
    const id = await outboxOf().enqueue({ channel: 'sms', recipient: '+34600000001', body: 'código 1' });
    expect(await instance().runDue()).toBe(0);
    expect(await row(id)).toMatchObject({ sent: false, failed: false, attempts: 0 });
    const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect(rows[0]?.n).toBe(0);
  });

  it('a resent message is a new row with its own delivery', async () => {
    const id = await commitEmail('again@example.com');
    await instance().runDue();
    const copy = await db.transaction((tx) => outboxOf().resend(id, tx));
    expect(await instance().runDue()).toBe(1);
    expect(await row(copy)).toMatchObject({ sent: true, attempts: 1 });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['again@example.com', 'again@example.com']);
  });

  it('delivers as soon as a commit wakes the queue, without waiting for the next poll', async () => {
    const queue = instance({ pollMs: 60_000 });
    queue.start();
    try {
      await commitThenRun({ db, jobs: queue }, (tx) =>
        createMailer(outboxOf(queue), SENDER).queue({ to: 'now@example.com', subject: 's', text: 'ahora' }, tx),
      );
      await expect.poll(() => smtp.received.map((m) => m.to[0]), { timeout: 2_000 }).toContain('now@example.com');
    } finally {
      await queue.stop();
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
