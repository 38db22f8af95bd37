import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseEngines } from '../../testing/databases';
import type { Database } from '../db';
import { sql } from '../db/sql';
import { type AdjustableClock, adjustableClock } from './clock';
import { createJobQueue, type JobHandler, type TransactionalJob } from './queue';

const log = pino({ level: 'silent' });

/** The job queue on each engine, on a clock the test moves. */
describe.each(databaseEngines())('job queue on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.openMigrated();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.query(sql`delete from jobs`);
  });

  const HOUR = 3_600_000;
  const leaseMs = 60_000;
  /** One service instance's queue on the shared database and clock. */
  const onInstance = (clock: AdjustableClock, handlers: Record<string, JobHandler>) =>
    createJobQueue({ db, log, clock, handlers, leaseMs });
  const setup = (handler: TransactionalJob) => {
    const clock = adjustableClock();
    const ran: unknown[] = [];
    const handlers = {
      note: async (tx: Parameters<TransactionalJob>[0], payload: Record<string, unknown>) => {
        ran.push(payload.n);
        await handler(tx, payload);
      },
    };
    return { clock, ran, queue: () => createJobQueue({ db, log, clock, handlers }) };
  };

  it('runs a job when the clock reaches it, once, also with two instances polling', async () => {
    const { clock, ran, queue } = setup(async () => {});
    const [a, b] = [queue(), queue()];
    await db.transaction((tx) =>
      a.schedule(tx, { kind: 'note', payload: { n: 1 }, runAt: new Date(clock.now().getTime() + 48 * HOUR) }),
    );
    expect(await a.runDue()).toBe(0);
    clock.advance(47 * HOUR);
    expect(await b.runDue()).toBe(0);
    clock.advance(HOUR + 1);
    const done = await Promise.all([a.runDue(), b.runDue()]);
    expect(done[0] + done[1]).toBe(1);
    expect(ran).toEqual([1]);
    expect(await a.runDue()).toBe(0);
  });

  it('survives a restart: a job written before is run by a new instance', async () => {
    const { ran, queue } = setup(async () => {});
    await db.transaction((tx) => queue().schedule(tx, { kind: 'note', payload: { n: 7 } }));
    // The first instance is gone without running it; another starts.
    expect(await queue().runDue()).toBe(1);
    expect(ran).toEqual([7]);
  });

  it('a job rolled back with its caller never runs', async () => {
    const { ran, queue } = setup(async () => {});
    const q = queue();
    await db
      .transaction(async (tx) => {
        await q.schedule(tx, { kind: 'note', payload: { n: 3 } });
        throw new Error('the caller failed');
      })
      .catch(() => {});
    expect(await q.runDue()).toBe(0);
    expect(ran).toEqual([]);
  });

  it('one pending job per key: a second request brings it forward instead of adding one', async () => {
    const { clock, ran, queue } = setup(async () => {});
    const q = queue();
    const later = new Date(clock.now().getTime() + 10 * HOUR);
    await db.transaction((tx) => q.schedule(tx, { kind: 'note', payload: { n: 1 }, runAt: later, key: 'k' }));
    await db.transaction((tx) => q.schedule(tx, { kind: 'note', payload: { n: 2 }, key: 'k' }));
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect((await db.query(sql`select 1 from jobs`)).rows).toHaveLength(1);
  });

  it('a batch kind runs the jobs claimed together in one transaction; a failing batch runs each alone', async () => {
    const clock = adjustableClock();
    const batches: string[][] = [];
    const alone: string[] = [];
    const q = createJobQueue({
      db,
      log,
      clock,
      handlers: {
        check: {
          async batch(tx, payloads) {
            const names = payloads.map((p) => String(p.name));
            batches.push(names);
            await tx.query(sql`insert into jobs (kind, run_at, done_at) values ('trace', now(), now())`);
            if (names.includes('bad')) throw new Error('one bad apple');
          },
          async one(_tx, payload) {
            alone.push(String(payload.name));
            if (payload.name === 'bad') throw new Error('still bad');
          },
        },
      },
    });
    await db.transaction((tx) =>
      q.scheduleMany(tx, [
        { kind: 'check', payload: { name: 'a' }, key: 'a' },
        { kind: 'check', payload: { name: 'b' }, key: 'b' },
        // The same key twice in one statement: the earliest stays.
        { kind: 'check', payload: { name: 'b-later' }, key: 'b', runAt: new Date(clock.now().getTime() + HOUR) },
      ]),
    );
    expect(await q.runDue()).toBe(2);
    expect(batches).toEqual([['a', 'b']]);
    expect(alone).toEqual([]);

    await db.transaction((tx) =>
      q.scheduleMany(
        tx,
        ['c', 'bad', 'd'].map((name) => ({ kind: 'check', payload: { name } })),
      ),
    );
    expect(await q.runDue()).toBe(2);
    expect(batches.at(-1)).toEqual(['c', 'bad', 'd']);
    expect(alone).toEqual(['c', 'bad', 'd']);
    // The failed batch left nothing behind; the bad job waits for its retry, the others are done.
    const { rows } = await db.query<{ n: number }>(sql`select count(*)::integer as n from jobs where kind = 'trace'`);
    expect(rows[0]?.n).toBe(1);
    const { rows: pending } = await db.query<{ payload: { name: string } }>(
      sql`select payload from jobs where kind = 'check' and done_at is null`,
    );
    expect(pending.map((r) => r.payload.name)).toEqual(['bad']);
  });

  it('a failing job is retried later on the clock, and its effects roll back each time', async () => {
    let failures = 1;
    const { clock, ran, queue } = setup(async (tx) => {
      await tx.query(sql`insert into jobs (kind, run_at, done_at) values ('effect', now(), now())`);
      if (failures-- > 0) throw new Error('provider down');
    });
    const q = queue();
    await db.transaction((tx) => q.schedule(tx, { kind: 'note', payload: { n: 5 } }));
    expect(await q.runDue()).toBe(0);
    expect((await db.query(sql`select last_error from jobs where kind = 'note'`)).rows).toEqual([
      { last_error: 'provider down' },
    ]);
    expect((await db.query(sql`select 1 from jobs where kind = 'effect'`)).rows).toHaveLength(0);
    clock.advance(6_000);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([5, 5]);
    expect((await db.query(sql`select 1 from jobs where kind = 'effect'`)).rows).toHaveLength(1);
  });

  it('renews its claims while a slow job runs: another instance never takes the job over, nor those behind it', async () => {
    const clock = adjustableClock();
    const leaseMs = 90;
    let runs = 0;
    let other: ReturnType<typeof createJobQueue> | null = null;
    let otherRan = -1;
    const handlers = {
      slow: {
        async external() {
          runs++;
          // Longer than the lease on the clock; then one renewal (every third of the lease).
          clock.advance(3 * leaseMs);
          const renewed = async () =>
            (
              await db.query<{ renewed: boolean }>(
                sql`select bool_and(claimed_until > ${clock.now()}) as renewed from jobs where kind = 'slow'`,
              )
            ).rows[0]?.renewed === true;
          for (let tries = 0; !(await renewed()) && tries < 200; tries++) await new Promise((r) => setTimeout(r, 5));
          otherRan = (await other?.runDue()) ?? -1;
        },
      },
    };
    const first = createJobQueue({ db, log, clock, handlers, leaseMs });
    other = createJobQueue({ db, log, clock, handlers, leaseMs });
    await db.transaction((tx) =>
      first.scheduleMany(tx, [
        { kind: 'slow', payload: { n: 1 } },
        { kind: 'slow', payload: { n: 2 } },
      ]),
    );
    expect(await first.runDue()).toBe(2);
    // Each job ran once, by the instance that claimed them; the other found nothing to take.
    expect(runs).toBe(2);
    expect(otherRan).toBe(0);
  });

  it('a job claimed again after its claim ran out: the instance that lost it records nothing, the job runs to its end once more', async () => {
    const clock = adjustableClock();
    let letOtherFinish = () => {};
    const otherHolds = new Promise<void>((resolve) => {
      letOtherFinish = resolve;
    });
    let otherRun: Promise<number> | null = null;
    const claims = async () =>
      (await db.query<{ claims: string }>(sql`select claims::text as claims from jobs where kind = 'send'`)).rows[0]
        ?.claims;
    let otherClaimed = false;
    const other = onInstance(clock, { send: { external: () => otherHolds } });
    const first = onInstance(clock, {
      send: {
        async external() {
          // This instance stalls past its lease (a pause, a partition): the other claims the job.
          clock.advance(2 * leaseMs);
          otherRun = other.runDue();
          for (let tries = 0; !otherClaimed && tries < 2_000; tries++) {
            otherClaimed = (await claims()) === '2';
            if (!otherClaimed) await new Promise((r) => setTimeout(r, 5));
          }
          throw new Error('the provider timed out');
        },
      },
    });
    await db.transaction((tx) => first.schedule(tx, { kind: 'send', payload: { n: 1 } }));
    expect(await first.runDue()).toBe(0);
    expect(otherClaimed).toBe(true);
    // Its failure was not recorded over the other's claim: nobody else can take the job now.
    const [held] = (
      await db.query<{ last_error: string | null; claimed: boolean }>(
        sql`select last_error, claimed_until > ${clock.now()} as claimed from jobs where kind = 'send'`,
      )
    ).rows;
    expect(held).toEqual({ last_error: null, claimed: true });
    const third = onInstance(clock, { send: { external: async () => {} } });
    expect(await third.runDue()).toBe(0);
    letOtherFinish();
    expect(await otherRun).toBe(1);
    expect(
      (await db.query(sql`select attempts, done_at is not null as done from jobs where kind = 'send'`)).rows,
    ).toEqual([{ attempts: 2, done: true }]);
  });

  it('a stalled instance records nothing over a later claim, even after a rerun set the attempts back to 0', async () => {
    const clock = adjustableClock();
    let otherRuns = 0;
    let otherRan = -1;
    const other = onInstance(clock, {
      send: {
        async external() {
          otherRuns++;
          // Asked for again while it runs (the same key): it runs once more when done.
          if (otherRuns === 1)
            await db.transaction((tx) => other.schedule(tx, { kind: 'send', payload: { n: 2 }, key: 'send:1' }));
        },
      },
    });
    const first = onInstance(clock, {
      send: {
        async external() {
          clock.advance(2 * leaseMs);
          otherRan = await other.runDue();
          throw new Error('the provider timed out');
        },
      },
    });
    await db.transaction((tx) => first.schedule(tx, { kind: 'send', payload: { n: 1 }, key: 'send:1' }));
    expect(await first.runDue()).toBe(0);
    expect([otherRuns, otherRan]).toEqual([2, 2]);
    // The third claim (attempts 1 again) is not the first one's: its late failure is not recorded.
    expect(
      (
        await db.query(
          sql`select attempts, claims::text as claims, done_at is not null as done, last_error from jobs where kind = 'send'`,
        )
      ).rows,
    ).toEqual([{ attempts: 1, claims: '3', done: true, last_error: null }]);
  });

  // PGlite has one connection: a job's open transaction holds back every other statement, so no
  // instance can claim the job in the middle of it there.
  it.runIf(engine.name === 'postgres')(
    "a job's transaction rolls back when another instance claimed and did the job meanwhile: its effects once",
    async () => {
      const clock = adjustableClock();
      const effect = (by: string) => async (tx: Parameters<TransactionalJob>[0]) => {
        await tx.query(
          sql`insert into jobs (kind, payload, run_at, done_at) values ('effect', ${{ by }}, now(), now())`,
        );
      };
      const other = onInstance(clock, { note: effect('other') });
      let otherRan = -1;
      const first = onInstance(clock, {
        async note(tx) {
          await effect('first')(tx);
          clock.advance(2 * leaseMs);
          otherRan = await other.runDue();
        },
      });
      await db.transaction((tx) => first.schedule(tx, { kind: 'note', payload: { n: 1 } }));
      expect(await first.runDue()).toBe(0);
      expect(otherRan).toBe(1);
      expect((await db.query(sql`select payload->>'by' as by from jobs where kind = 'effect'`)).rows).toEqual([
        { by: 'other' },
      ]);
      expect(
        (await db.query(sql`select attempts, done_at is not null as done, last_error from jobs where kind = 'note'`))
          .rows,
      ).toEqual([{ attempts: 2, done: true, last_error: null }]);
    },
  );
});
