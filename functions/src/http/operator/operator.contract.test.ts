import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen } from 'shared-node/listen';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { sql } from '../../platform/db/sql';
import { databaseEngines } from '../../testing/databases';
import { servedOn, serveFunctions } from '../../testing/service';
import { functionDefinitions } from '..';

const MINUTE = 60_000;

/** What whoever runs the service reads: /healthz, /metrics and the backup door, on each engine. */
describe.each(databaseEngines())('operator routes on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await served.db.query(sql`delete from jobs`);
    await served.db.query(sql`delete from outbox`);
  });
  const health = async () => {
    const res = await fetch(`${served.service.base}/healthz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { problems: string[] } };
  };
  const ago = (ms: number) => new Date(served.service.ctx.clock.now().getTime() - ms);

  it('says ok, then what is degraded: a queue that does not keep up, messages that do not leave', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'ok',
        queue: { due: 0, oldestDueSeconds: 0, givenUpLastDay: 0 },
        outbox: { retrying: 0, failedLastDay: 0 },
        problems: [],
      }),
    });

    // Due four minutes ago: the queue is behind, but within its limit.
    await served.db.query(sql`insert into jobs (kind, payload, run_at) values ('note', '{}', ${ago(4 * MINUTE)})`);
    expect((await health()).body.status).toBe('ok');
    await served.db.query(sql`insert into jobs (kind, payload, run_at) values ('note', '{}', ${ago(6 * MINUTE)})`);
    const late = await health();
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'degraded', queue: { due: 2, oldestDueSeconds: 360 } });
    expect(late.body.problems).toEqual(['2 jobs due, the oldest waiting 360 s: the queue is not keeping up']);

    await served.db.query(sql`delete from jobs`);
    await served.service.ctx.outbox.enqueue({
      channel: 'email',
      recipient: 'ana@example.com',
      subject: 'x',
      body: 'y',
    });
    await served.db.query(sql`update outbox set failed_at = ${ago(MINUTE)}, attempts = 8, error = 'SMTP 550'`);
    await served.service.ctx.outbox.enqueue({ channel: 'sms', recipient: '+34600000000', body: 'z' });
    await served.db.query(sql`update outbox set attempts = 2, error = 'SMS gateway timeout' where channel = 'sms'`);
    expect((await health()).body).toMatchObject({
      status: 'degraded',
      outbox: { retrying: 1, failedLastDay: 1 },
      problems: [
        '1 messages could not be delivered in the last day (back-office: Messages)',
        '1 messages waiting to be tried again',
      ],
    });
  });

  it('serves Prometheus metrics: requests and latency per function, queue depth, failures, messages', async () => {
    await fetch(served.service.url('products?accion=ListarProductos&gid=2'));
    await fetch(served.service.url('products?accion=ListarProductos&gid=2'));
    await fetch(served.service.url('no-such-function'), { method: 'POST' });
    await served.db.query(sql`insert into jobs (kind, payload, run_at) values ('rental.note', '{}', ${ago(MINUTE)})`);
    await served.db.query(
      sql`insert into jobs (kind, payload, run_at, failed_at, last_error) values ('billing.note', '{}', ${ago(MINUTE)}, ${ago(MINUTE)}, 'boom')`,
    );
    await served.service.ctx.outbox.enqueue({
      channel: 'email',
      recipient: 'ana@example.com',
      subject: 'x',
      body: 'y',
    });
    await served.db.query(sql`update outbox set failed_at = ${ago(MINUTE)}`);

    const res = await fetch(`${served.service.base}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('functions_requests_total{function="products",method="GET",status="2xx"} 2');
    // A name nobody defined is counted as `other`: what clients send never makes new series.
    expect(text).toContain('functions_requests_total{function="other",method="POST",status="4xx"} 1');
    expect(text).not.toContain('no-such-function');
    expect(text).toMatch(/functions_request_duration_seconds_count\{function="products"\} 2/);
    expect(text).toContain('jobs_due{kind="rental.note"} 1');
    expect(text).toContain('jobs_given_up{kind="billing.note"} 1');
    expect(text).toMatch(/jobs_oldest_due_seconds 6\d/);
    expect(text).toContain('outbox_messages{channel="email",state="failed"} 1');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('answers 503 with what is wrong when the database is away', async () => {
    const db = await engine.openMigrated();
    const service = await serveFunctions(db);
    try {
      await db.close();
      const res = await fetch(`${service.base}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: 'error',
        database: { kind: engine.name, ok: false },
        problems: ['the database does not answer'],
      });
      // The process's own metrics still come through; the database's gauges are left out, counted.
      await fetch(`${service.base}/metrics`);
      // (A scrape's gauges are read together: the failures it counted show from the next one.)
      const metrics = await fetch(`${service.base}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toMatch(/metrics_unreadable_total [1-9]/);
      expect(text).not.toMatch(/^jobs_due\{/m);
    } finally {
      await service.close();
    }
  });
});

describe.each(databaseEngines().filter((engine) => engine.name === 'pglite'))('the backup door on $name', (engine) => {
  const served = servedOn(engine, {
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'backups-')),
  });
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('makes a backup only for the token the service wrote for `npm run backup`', async () => {
    const token = 'operator-token-0123456789abcdef0123456789';
    const app = createApp(served.service.ctx, functionDefinitions(served.service.ctx.config), { backupToken: token });
    const { port, close } = await listen(app, { port: 0, host: '127.0.0.1' });
    stops.push(() => close(0));
    const backup = (authorization?: string) =>
      fetch(`http://127.0.0.1:${port}/internal/backup`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
    expect((await backup()).status).toBe(401);
    expect((await backup(`Bearer ${token.slice(0, -1)}x`)).status).toBe(401);
    const made = await backup(`Bearer ${token}`);
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ archive: expect.stringMatching(/trasteros-\d{8}T\d{6}\.\d{3}Z\.tar$/) });
    // A service without the token (every one but `npm start`'s own) has no such door.
    expect((await fetch(`${served.service.base}/internal/backup`, { method: 'POST' })).status).toBe(404);
  });
});
