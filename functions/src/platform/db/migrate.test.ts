import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines } from '../../testing/databases';
import type { Database } from './database';
import { MIGRATIONS_DIR, migrate } from './migrate';
import { sql } from './sql';

describe.each(databaseEngines())('database on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies every migration once, in order', async () => {
    const first = await migrate(db);
    expect(first).toContain('0001_outbox.sql');
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>(sql`select name from schema_migrations order by name`);
    expect(rows.map((r) => r.name)).toEqual(first);
  });

  it('rolls a failing migration back whole and stops there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    writeFileSync(path.join(dir, '0001_ok.sql'), 'create table ok_one (id int);');
    writeFileSync(path.join(dir, '0002_bad.sql'), 'create table half_done (id int); select * from missing_table;');
    await expect(migrate(db, dir)).rejects.toThrow(/missing_table/);
    const tables = await db.query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_name in ('ok_one', 'half_done')`,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(['ok_one']);
  });

  it('commits or rolls back a transaction as a whole', async () => {
    await db.query(sql`create table tx_probe (value int)`);
    await db.transaction(async (tx) => {
      await tx.query(sql`insert into tx_probe values (${1})`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(sql`insert into tx_probe values (${2})`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ value: number }>(sql`select value from tx_probe`);
    expect(rows).toEqual([{ value: 1 }]);
  });
});

describe.each(databaseEngines())('repairs on $name', (engine) => {
  it('takes waitlist entries with a malformed product id out of every line, and refuses new ones', async () => {
    const db = await engine.open();
    try {
      const before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
      for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f < '0024')) {
        copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
      await migrate(db, before);
      const insert = (pid: string) =>
        db.query(sql`insert into waitlist_requests (full_name, phone, email, timeframe, product_pid, product_name,
             units_required, volume_requested, request_hash)
           values ('X', '600000000', 'x@example.com', 'asap', ${pid}, 'Box', 1, 1, ${pid})`);
      for (const pid of ['abc', ' 07', '209', '1e9']) await insert(pid);
      expect(await migrate(db)).toContain('0024_waitlist_product_ids.sql');
      const { rows } = await db.query<{ product_pid: string; status: string }>(
        sql`select product_pid, status from waitlist_requests order by id`,
      );
      expect(rows).toEqual([
        { product_pid: '0', status: 'left' },
        { product_pid: '7', status: 'waiting' },
        { product_pid: '209', status: 'waiting' },
        { product_pid: '0', status: 'left' },
      ]);
      // The back-office's order by the numeric id can no longer meet a row it cannot cast.
      await db.query(sql`select product_pid::integer from waitlist_requests`);
      await expect(insert('abc')).rejects.toThrow(/waitlist_requests_product_pid_numeric/);
    } finally {
      await db.close();
    }
  });
});
