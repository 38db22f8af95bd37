import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { TEST_APPLICANT, TEST_SERVICE, testDepositRequest } from 'shared-api/testing';
import { type CookieJar, cookieJar } from '../../functions/src/testing/cookie-jar';
import { startThrowawayCluster, type ThrowawayCluster } from '../../functions/src/testing/postgres-cluster';
import {
  GATEWAY_CALL_BUDGET,
  INSTANCE_DOOR_ADMIN,
  INSTANCE_MANAGER,
  type Instances,
  LOGIN_BUDGET,
  startInstances,
} from '../instances';

/**
 * The suite as several instances (#36): two gateways and two functions services on one
 * PostgreSQL, behind one address. What one instance does, the other sees; every job and e-mail
 * happens once; sessions and limits are the same whatever instance a call reaches; a release is
 * picked up by both gateways; and when one functions instance dies in the middle of its work, the
 * other finishes it.
 */
test.describe.configure({ mode: 'serial' });
test.describe('several instances on one PostgreSQL', () => {
  test.setTimeout(120_000);
  let cluster: ThrowawayCluster | null = null;
  let instances: Instances;
  let db: pg.Client;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const started = await startThrowawayCluster();
    if ('skipped' in started) return;
    cluster = started;
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    instances = await startInstances(cluster.url);
  });
  test.afterAll(async () => {
    await instances?.stop();
    await db?.end();
    cluster?.stop();
  });
  test.beforeEach(() => {
    test.skip(!cluster, 'no PostgreSQL server binaries on this machine');
  });

  const call = async (
    base: string,
    jar: CookieJar,
    name: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await jar.fetch(`${base}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  /** The newest 6-digit code the outbox holds for a recipient. */
  const codeFor = async (recipient: string) => {
    const { rows } = await db.query<{ body: string }>(
      'select body from outbox where recipient = $1 order by id desc limit 1',
      [recipient],
    );
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };
  const signUp = async (base: string, jar: CookieJar, email: string) => {
    const created = await call(base, jar, 'registration-handler', {
      action: 'create_registration',
      ...TEST_APPLICANT,
      email,
    });
    expect(created.status).toBe(200);
    return String(created.body.registrationId);
  };

  test('a payment made through one instance reaches the applicant’s live status through the other', async () => {
    const [first, second] = instances.gatewayUrls as [string, string];
    const browser = cookieJar();
    const registrationId = await signUp(first, browser, 'pago@example.com');
    const verified = await call(second, browser, 'registration-handler', {
      action: 'verify_tokens',
      registrationId,
      emailToken: await codeFor('pago@example.com'),
      smsToken: await codeFor(TEST_APPLICANT.phone),
    });
    expect(verified.status).toBe(200);
    // The steps a payment needs done (their own journeys test them): sections, documents, client.
    await db.query('update registrations set metadata = $1 where id = $2', [
      JSON.stringify({
        completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
        serviceDetails: TEST_SERVICE,
      }),
      registrationId,
    ]);
    for (const documentType of ['frontId', 'backId', 'bankDocument']) {
      await db.query(
        `insert into registration_documents (registration_id, document_type, file_path, content_type, size_bytes)
         values ($1, $2, $3, 'application/pdf', 100)`,
        [registrationId, documentType, `${registrationId}/${documentType}.pdf`],
      );
    }
    expect((await call(first, browser, 'create-client', { registrationId })).status).toBe(200);

    // The applicant's page follows its status through the second instance…
    const stream = await browser.fetch(`${second}/functions/v1/realtime?registrationId=${registrationId}`);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await until(/: connected/);
    // …while the payment is made through the first.
    const payment = await call(first, browser, 'create-revolut-payment', testDepositRequest(registrationId));
    expect(payment.status).toBe(200);
    await browser.fetch(`${first}/functions/v1/sandbox-checkout-submit`, {
      method: 'POST',
      body: new URLSearchParams({
        payment: String(payment.body.paymentId),
        decision: 'pay',
        card: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      }),
    });
    await until(/"status":"completed"/);
    await reader.cancel();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { table: string; type: string; record: { status?: string } });
    expect(events.filter((e) => e.table === 'payments').map((e) => [e.type, e.record.status])).toEqual([
      ['INSERT', 'pending'],
      ['UPDATE', 'completed'],
    ]);
  });

  test('every e-mail is delivered once and every job runs once, with both instances at work', async () => {
    const recipients = Array.from({ length: 10 }, (_, i) => `uno-${i}@example.com`);
    await Promise.all(recipients.map((email, i) => signUp(instances.gatewayUrls[i % 2] as string, cookieJar(), email)));
    // Both instances deliver (each wakes on its own commits, and polls).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from outbox where channel = 'email' and sent_at is null`,
            )
          ).rows[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);
    for (const email of recipients) {
      expect(instances.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    }
    const { rows } = await db.query<{ attempts: number; done: boolean }>(
      `select attempts, done_at is not null as done from jobs where kind = 'outbox.deliver'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(recipients.length);
    expect(rows.every((row) => row.done && row.attempts === 1)).toBe(true);
  });

  test('a session opened on one instance holds on the other; sign-in and call limits count across both', async () => {
    const [first, second] = instances.gatewayUrls as [string, string];
    // Staff sign in through the balancer and keep working whatever gateway answers.
    const staff = cookieJar();
    const before = [...instances.served];
    expect(
      (await call(instances.balancerUrl, staff, 'backoffice', { action: 'login', ...INSTANCE_MANAGER })).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await call(instances.balancerUrl, staff, 'backoffice', { action: 'list_units' })).status).toBe(200);
    }
    // The balancer alternates: both gateways answered this member of staff.
    expect(instances.served.every((n, i) => n > (before[i] ?? 0))).toBe(true);

    // Wrong door passwords from one address (the balancer's X-Forwarded-For, which the gateways
    // believe from it): through both instances the address is refused after as many as through
    // one, not twice as many.
    const failuresBeforeRefusal = async (address: string, through: string[]) => {
      const door = cookieJar();
      for (let i = 0; i < LOGIN_BUDGET * 3; i++) {
        const attempt = await call(
          through[i % through.length] as string,
          door,
          'abridor',
          { action: 'login', usuario: INSTANCE_DOOR_ADMIN.usuario, contraseña: 'no-es-esta' },
          { 'x-forwarded-for': address },
        );
        if (attempt.status === 429) return i;
        expect(attempt.status).toBe(401);
      }
      return Number.POSITIVE_INFINITY;
    };
    const alone = await failuresBeforeRefusal('198.51.100.1', [first]);
    expect(alone).toBeGreaterThan(0);
    expect(alone).toBeLessThan(LOGIN_BUDGET * 3);
    expect(await failuresBeforeRefusal('198.51.100.2', [first, second])).toBe(alone);

    // Calls a minute from one caller at the gateways: one budget across both.
    const statuses: number[] = [];
    for (let i = 0; i <= GATEWAY_CALL_BUDGET; i++) {
      const res = await fetch(`${instances.gatewayUrls[i % 2]}/functions/v1/products?accion=ListarProductos&gid=2`, {
        headers: { 'x-forwarded-for': '198.51.100.3' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, GATEWAY_CALL_BUDGET).every((status) => status === 200)).toBe(true);
    expect(statuses[GATEWAY_CALL_BUDGET]).toBe(429);
  });

  test('a remote released while both gateways run is picked up by both', async () => {
    const registry = JSON.parse(readFileSync(instances.registryFile, 'utf8')) as Record<string, unknown>;
    const release = 'https://cdn.example.com/account/2026-11-27/mf-manifest.json';
    writeFileSync(instances.registryFile, JSON.stringify({ ...registry, account: { manifest: release } }));
    for (const gateway of instances.gatewayUrls) {
      await expect
        .poll(async () => JSON.stringify(await (await fetch(`${gateway}/remotes.json`)).json()), { timeout: 10_000 })
        .toContain(release);
    }
  });

  test('a functions instance killed in the middle of a delivery: the other delivers it, once', async () => {
    const email = 'lento@example.com';
    instances.hold(email);
    const gateway = instances.gatewayUrls[0] as string;
    await signUp(gateway, cookieJar(), email);
    // Whichever instance took the delivery is caught in it, then dies as in a crash.
    let sender: number | null = null;
    await expect.poll(() => (sender = instances.senderOf(email)), { timeout: 20_000 }).not.toBeNull();
    instances.kill(sender as unknown as number);
    instances.release();
    const survivor =
      instances.functionsUrls[instances.functionsPids.indexOf(sender as unknown as number) === 0 ? 1 : 0];
    // Its claim runs out after a minute: the survivor's clock is moved 72 s on (tests only).
    const moved = await fetch(`${survivor}/functions/v1/dev-clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hours: 0.02 }),
    });
    expect(moved.status).toBe(200);
    // Its delivery job is done: nothing will send it again, so the count is final.
    await expect
      .poll(
        async () =>
          (
            await db.query<{ done: boolean }>(
              `select bool_and(j.done_at is not null) as done from jobs j join outbox o on o.id::text = j.payload->>'outboxId'
               where o.recipient = $1 and o.channel = 'email'`,
              [email],
            )
          ).rows[0]?.done,
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(instances.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const { rows } = await db.query<{ sent: boolean; attempts: number }>(
      `select sent_at is not null as sent, attempts from outbox where recipient = $1 and channel = 'email'`,
      [email],
    );
    // Tried by the instance that died, then sent by the other.
    expect(rows).toEqual([{ sent: true, attempts: 2 }]);
  });
});
