import { DEV_OUTBOX_NOTICE } from 'shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../platform/db';
import { databaseEngines } from '../../testing/databases';
import { serveFunctions } from '../../testing/service';

describe.each(databaseEngines())('development outbox on $name', (engine) => {
  let db: Database;
  let development: Awaited<ReturnType<typeof serveFunctions>>;
  let asStarted: Awaited<ReturnType<typeof serveFunctions>>;
  beforeAll(async () => {
    db = await engine.openMigrated();
    development = await serveFunctions(db, { NODE_ENV: 'test', DEV_OUTBOX: '1' });
    // What `npm start` runs: no flag.
    asStarted = await serveFunctions(db, { NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await development.close();
    await asStarted.close();
    await db.close();
  });

  it('exists only when DEV_OUTBOX=1 and says what it is', async () => {
    expect((await fetch(asStarted.url('outbox'))).status).toBe(404);
    const res = await fetch(development.url('outbox'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { notice: string }).notice).toBe(DEV_OUTBOX_NOTICE);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' })).toThrow(/refused/);
  });

  it('never lists a message meant only for its recipient (the company signing link)', async () => {
    await development.ctx.mailer.queue({
      to: 'reservas@trasteros-demo.example',
      subject: 'Contrato para firmar',
      text: 'https://example.test/functions/v1/esign?token=company-secret',
      unlisted: true,
    });
    await development.ctx.mailer.queue({
      to: 'reservas@trasteros-demo.example',
      subject: 'Lista de espera',
      text: 'x',
    });
    const res = await fetch(development.url('outbox?recipient=reservas@trasteros-demo.example'));
    const { messages } = (await res.json()) as { messages: { subject: string; body: string }[] };
    expect(messages.map((m) => m.subject)).toEqual(['Lista de espera']);
    expect(JSON.stringify(messages)).not.toContain('company-secret');
  });
});
