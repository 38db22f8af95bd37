import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db';
import { databaseEngines } from '../testing/databases';
import { createOutbox } from './outbox';

describe.each(databaseEngines())('outbox on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.openMigrated();
  });
  afterAll(() => db.close());

  it('lists the newest first, by number (the 10th after the 9th)', async () => {
    const outbox = createOutbox(db);
    for (let i = 1; i <= 11; i++) await outbox.enqueue({ channel: 'sms', recipient: '+34600', body: `message ${i}` });
    await outbox.enqueue({ channel: 'sms', recipient: '+34611', body: 'someone else' });
    const latest = await outbox.latest({ recipient: '+34600', limit: 3 });
    expect(latest.map((m) => m.body)).toEqual(['message 11', 'message 10', 'message 9']);
  });
});
