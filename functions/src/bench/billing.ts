/**
 * `npm run bench`'s billing figures (#33), on one embedded database in memory: a remittance of
 * 5,000 collections made (the pain.008 written and every collection marked sent), and the arrears
 * checks of a day on which 10,000 tenants each have one due. One real tenant is signed up through
 * the functions, then copied row by row (registration, contract, mandate, rent period), so the
 * queries run on the shape production has. Prints one JSON line with the figures last.
 */

import { createRemittance, scheduleArrearsCheck } from '../modules/billing';
import type { Database } from '../platform/db';
import { migrate } from '../platform/db/migrate';
import { openPglite } from '../platform/db/pglite';
import { sql } from '../platform/db/sql';
import { madridDate } from '../platform/madrid-time';
import { serveFunctions } from '../testing/service';
import { signUpToContract } from '../testing/sign-up';

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 5000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 10_000);

/** Copies the one tenant `count` times: new ids, codes and references, the same shape. */
async function copyTenant(db: Database, registrationId: string, count: number, overdueSince: string | null) {
  await db.exec('create temporary table copies (n integer primary key, id uuid, contract_id uuid, reference text)');
  await db.query(sql`insert into copies select n, gen_random_uuid(), gen_random_uuid(), 'MD-BENCH-' || lpad(n::text, 8, '0')
     from generate_series(1, ${count}) as n`);
  await db.query(sql`insert into registrations
     select (jsonb_populate_record(null::registrations, to_jsonb(r) || jsonb_build_object(
       'id', c.id, 'registration_code', 'B' || lpad(c.n::text, 7, '0'), 'email', 'bench' || c.n || '@example.com'))).*
     from registrations r, copies c where r.id = ${registrationId}`);
  await db.query(sql`insert into contracts
     select (jsonb_populate_record(null::contracts, to_jsonb(k) || jsonb_build_object(
       'id', c.contract_id, 'registration_id', c.id))).*
     from contracts k, copies c where k.registration_id = ${registrationId} and k.status = 'completed'`);
  await db.query(sql`insert into sepa_mandates
     select (jsonb_populate_record(null::sepa_mandates, to_jsonb(m) || jsonb_build_object(
       'reference', c.reference, 'registration_id', c.id, 'contract_id', c.contract_id))).*
     from sepa_mandates m, copies c where m.registration_id = ${registrationId}`);
  await db.query(sql`insert into rent_periods
     select (jsonb_populate_record(null::rent_periods, to_jsonb(p) || jsonb_build_object(
       'id', gen_random_uuid(), 'registration_id', c.id, 'mandate_reference', c.reference,
       'end_to_end_id', c.reference || '-001', 'overdue_since', ${overdueSince}::date,
       'status', case when ${overdueSince}::date is null then 'scheduled' else 'returned' end))).*
     from rent_periods p, copies c where p.registration_id = ${registrationId} and p.sequence = 1`);
  await db.exec('drop table copies');
}

/** Runs `work`, sampling the process's memory every 5 ms: the time taken and the most it grew. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; extraMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, extraMb: (peak - before) / 1024 / 1024 };
}

async function oneTenant(db: Database) {
  const service = await serveFunctions(db);
  const signUp = await signUpToContract({ db, service });
  await signUp.sign('Cliente');
  await signUp.sign('Empresa');
  await service.ctx.jobs.runDue();
  return { service, registrationId: signUp.registrationId };
}

async function remittanceFigure() {
  const db = await openPglite('memory://');
  await migrate(db);
  const { service, registrationId } = await oneTenant(db);
  await copyTenant(db, registrationId, COLLECTIONS - 1, null);
  const dueBy = madridDate(new Date(service.ctx.clock.now().getTime() + 3 * 86_400_000));
  const { rows: staff } = await db.query<{ id: string; email: string }>(
    sql`select id::text, email from staff_users limit 1`,
  );
  const actor = { id: staff[0]?.id ?? '', email: staff[0]?.email ?? '', ip: null };
  const run = await measured(() => db.transaction((tx) => createRemittance(tx, service.ctx, actor, dueBy)));
  const { rows } = await db.query<{ n: number }>(
    sql`select count(*)::integer as n from rent_periods where status = 'submitted'`,
  );
  await service.close();
  await db.close();
  const made = typeof run.result === 'object' ? run.result : null;
  return { collections: made?.collections ?? 0, submitted: rows[0]?.n ?? 0, ms: run.ms, extraMb: run.extraMb };
}

async function arrearsFigure() {
  const db = await openPglite('memory://');
  await migrate(db);
  const { service, registrationId } = await oneTenant(db);
  const today = madridDate(service.ctx.clock.now());
  await db.query(sql`update rent_periods set status = 'returned', overdue_since = ${today}::date
     where registration_id = ${registrationId} and sequence = 1`);
  await copyTenant(db, registrationId, TENANTS - 1, today);
  await db.query(sql`update registrations set move_in_status = 'allocated' where registration_code like 'B%'`);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      sql`select id::text from registrations where move_in_status = 'allocated'`,
    );
    for (const row of rows) await scheduleArrearsCheck(tx, service.ctx, row.id);
  });
  const run = await measured(() => service.ctx.jobs.runDue());
  const { rows } = await db.query<{ n: number }>(
    sql`select count(*)::integer as n from jobs where kind = 'billing.arrears-check' and run_at > ${service.ctx.clock.now()}`,
  );
  await service.close();
  await db.close();
  return {
    tenants: TENANTS,
    jobsRun: run.result,
    nextStepsScheduled: rows[0]?.n ?? 0,
    ms: run.ms,
    extraMb: run.extraMb,
  };
}

const remittance = await remittanceFigure();
console.log(
  `remittance of ${remittance.collections} collections: ${(remittance.ms / 1000).toFixed(2)} s, +${remittance.extraMb.toFixed(0)} MB`,
);
const arrears = await arrearsFigure();
console.log(
  `arrears checks of ${arrears.tenants} tenants: ${(arrears.ms / 1000).toFixed(2)} s, +${arrears.extraMb.toFixed(0)} MB`,
);
console.log(JSON.stringify({ remittance, arrears }));
process.exit(0);
