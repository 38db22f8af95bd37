import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { databaseEngines } from '../../../testing/databases';
import { monthlyFigures } from './monthly';

/** Months of occupancy and money, from the lettings the units' trigger keeps, on each engine. */
describe.each(databaseEngines())('monthly figures on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.openMigrated();
  });
  afterAll(() => db.close());

  it('a unit let and freed is counted in the months it was let, at each month’s end', async () => {
    const { rows } = await db.query<{ unit_number: string }>(
      sql`select unit_number from units where status = 'available' order by unit_number limit 2`,
    );
    const [a, b] = rows.map((row) => row.unit_number) as [string, string];
    const now = new Date('2026-11-26T12:00:00Z');
    const before = await monthlyFigures(db, now);
    // The trigger writes the history whatever path changes the unit.
    await db.query(sql`update units set status = 'occupied' where unit_number = ${a}`);
    const { rows: open } = await db.query<{ let_until: Date | null }>(
      sql`select let_until from unit_lettings where unit_number = ${a}`,
    );
    expect(open).toEqual([{ let_until: null }]);
    await db.query(sql`update units set status = 'available' where unit_number = ${a}`);
    const { rows: closed } = await db.query<{ closed: boolean }>(
      sql`select let_until is not null as closed from unit_lettings where unit_number = ${a}`,
    );
    expect(closed).toEqual([{ closed: true }]);
    // History as it would have been: A let from mid-August to mid-October, B from September on.
    await db.query(sql`delete from unit_lettings where unit_number = ${a}`);
    await db.query(sql`insert into unit_lettings (unit_number, let_from, let_until) values
       (${a}, '2026-08-15T10:00:00+02:00', '2026-10-15T10:00:00+02:00'),
       (${b}, '2026-09-01T00:00:00+02:00', null)`);
    const after = await monthlyFigures(db, now);
    expect(after.months.map((m) => m.month).slice(-4)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    const added = after.months.map((m, i) => m.occupiedUnits - (before.months[i]?.occupiedUnits ?? 0));
    expect(added.slice(-4)).toEqual([1, 2, 1, 1]);
    expect(after.months).toHaveLength(12);
    expect(after.months[0]?.month).toBe('2025-12');
  });
});
