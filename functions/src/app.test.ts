import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './platform/db';
import { databaseEngines } from './testing/databases';
import { serveFunctions } from './testing/service';

const serve = (db: Database, env: NodeJS.ProcessEnv) => serveFunctions(db, env);

describe.each(databaseEngines())('functions service on $name', (engine) => {
  let db: Database;
  let dev: Awaited<ReturnType<typeof serve>>;
  let prod: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    db = await engine.openMigrated();
    dev = await serve(db, { NODE_ENV: 'test', DEV_OUTBOX: '1' });
    prod = await serve(db, { NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
    await db.close();
  });

  it('reports its database and the Node it runs on in /healthz', async () => {
    const res = await fetch(`${dev.base}/healthz`);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      database: { kind: engine.name, ok: true },
      node: process.version,
    });
  });

  it('answers an unknown function with a JSON 404', async () => {
    const res = await fetch(`${dev.base}/functions/v1/does-not-exist`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Unknown function: does-not-exist' });
  });

  it('answers broken JSON and oversized bodies with JSON errors', async () => {
    const broken = await fetch(`${dev.base}/functions/v1/outbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Invalid JSON body' });
    const big = await fetch(`${dev.base}/functions/v1/outbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('refuses the wrong method', async () => {
    const res = await fetch(`${dev.base}/functions/v1/outbox`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: 'Use GET for outbox' });
  });

  it('serves the outbox outside production only, newest first', async () => {
    await dev.ctx.outbox.enqueue({ channel: 'email', recipient: 'ana@example.com', subject: 'Código', body: '123456' });
    await dev.ctx.outbox.enqueue({ channel: 'sms', recipient: '+34600000000', body: '654321' });
    const res = await fetch(`${dev.base}/functions/v1/outbox?recipient=ana@example.com`);
    const { messages } = (await res.json()) as { messages: { body: string; channel: string }[] };
    expect(messages).toEqual([expect.objectContaining({ channel: 'email', body: '123456' })]);
    const bad = await fetch(`${dev.base}/functions/v1/outbox?limit=500`);
    expect(bad.status).toBe(400);
    expect((await fetch(`${prod.base}/functions/v1/outbox`)).status).toBe(404);
  });
});
