// What a member of staff waits for when they countersign in the back-office (local signing, the
// automatic signature off): the `countersign` call's answer, over sign-ups made ready through the
// real functions (documents approved, the applicant signed). `npm run bench` runs it; alone:
//   node --import tsx functions/bench/countersign.ts [sign-ups]
import { TEST_APPLICANT } from 'shared-api/testing';
import { migrate } from '../src/platform/db/migrate';
import { openPglite } from '../src/platform/db/pglite';
import { sql } from '../src/platform/db/sql';
import { serveFunctions } from '../src/testing/service';
import { signUpToContract } from '../src/testing/sign-up';
import { staffSession } from '../src/testing/staff';

const signUps = Number(process.argv[2] ?? 12);
const db = await openPglite('memory://');
await migrate(db);
// The service's own hash costs, not the suite's cheap ones.
const served = {
  db,
  service: await serveFunctions(db, { NODE_ENV: 'test', DEV_OUTBOX: '1', DOOR_HASH_COST_LOG2: '17' }),
};
try {
  await db.query(sql`update signing_settings set auto_countersign = false`);
  const manager = await staffSession(served);
  const times: number[] = [];
  for (let i = 0; i < signUps; i++) {
    const applicant = await signUpToContract(served, { applicant: applicantNumber(i) });
    await applicant.sign('Cliente');
    for (const documentType of ['frontId', 'backId', 'bankDocument']) {
      await manager('review_document', { registrationId: applicant.registrationId, documentType, decision: 'approve' });
    }
    const started = performance.now();
    const answer = await manager('countersign', {
      registrationId: applicant.registrationId,
      signedName: 'Gerencia Demo',
      consent: true,
    });
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`countersign: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    // What runs after the answer finishes before the next one is timed.
    await served.service.ctx.jobs.runDue();
    // The demo catalogue has a few units of each size: the unit goes back on sale for the next.
    await db.query(
      sql`update units set status = 'available', registration_id = null where registration_id = ${applicant.registrationId}`,
    );
  }
  // The first pays for loading the PDF and e-mail code: not a member of staff's usual wait.
  const warm = times.slice(1).sort((a, b) => a - b);
  const at = (q: number) => Math.round(warm[Math.min(warm.length - 1, Math.floor(q * warm.length))] ?? Number.NaN);
  console.log(
    JSON.stringify({ countersigns: warm.length, p50: at(0.5), p95: at(0.95), first: Math.round(times[0] ?? 0) }),
  );
} finally {
  await served.service.close();
  await db.close();
}

/** The test applicant, one of many: their own e-mail, phone and DNI (its check letter right). */
function applicantNumber(i: number): Record<string, string> {
  const dni = 20000000 + i;
  return {
    ...TEST_APPLICANT,
    fullName: `Ana García ${i}`,
    email: `ana${i}@example.com`,
    phone: `+34 600 ${String(200000 + i).slice(0, 3)} ${String(200000 + i).slice(3)}`,
    documentNumber: `${dni}${'TRWAGMYFPDXBNJZSQVHLCKE'[dni % 23]}`,
  };
}
