import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createContext, type FunctionContext } from '../../context';
import { jobHandlers } from '../../job-handlers';
import type { Database } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { databaseEngines } from '../../testing/databases';
import { resetMoveIns, setAvailableUnits } from '../../testing/units';
import { settleContract } from '../contracts';
import { unitsOf } from './units';

/**
 * Move-in at the contract's completion, against each engine: units are taken in the signer's
 * transaction, first free by number, and two applicants racing for the last unit never share it.
 */
describe.each(databaseEngines())('move-in on $name', (engine) => {
  let db: Database;
  let ctx: FunctionContext;
  let registrationCode = 0;

  beforeAll(async () => {
    db = await engine.openMigrated();
    ctx = createContext(
      db,
      loadConfig({
        PAYMENTS_PROVIDER: 'sandbox',
        ESIGN_PROVIDER: 'local',
        DOOR_PIN_PEPPER: 'test-pepper-0123456789abcdef0123456789abcdef',
        DOOR_HASH_COST_LOG2: '10',
      }),
      pino({ level: 'silent' }),
      jobHandlers,
    );
  });
  afterAll(async () => {
    await ctx.realtime.close();
    await db.close();
  });
  beforeEach(() => resetMoveIns(db));

  /** A registration at its last signature: client, paid deposit, a contract both have signed. */
  async function signedBoth(
    serviceDetails: Record<string, unknown> = { productId: '202', numberProductsRequired: 1 },
    { paid = true } = {},
  ) {
    const id = randomUUID();
    registrationCode += 1;
    await db.query(sql`insert into registrations (id, registration_code, client_type, full_name, document_type, document_number,
         email, phone, address, city, postal_code, iban, email_verified, phone_verified, metadata)
       values (${id}, ${`MV${String(registrationCode).padStart(4, '0')}`}, 'individual', ${TEST_APPLICANT.fullName}, 'dni', ${TEST_APPLICANT.documentNumber}, ${TEST_APPLICANT.email}, ${TEST_APPLICANT.phone}, ${TEST_APPLICANT.address}, ${TEST_APPLICANT.city}, ${TEST_APPLICANT.postalCode}, ${TEST_APPLICANT.iban}, true, true, ${JSON.stringify(
         {
           serviceDetails: {
             productName: 'Trastero',
             period: 'monthly',
             setupFee: 0,
             recurringFee: 62,
             ...serviceDetails,
           },
         },
       )})`);
    await db.query(sql`insert into payments (id, registration_id, amount, status, provider, return_path)
       values (${randomUUID()}, ${id}, 150, ${paid ? 'completed' : 'processing'}, 'sandbox', '/es/alta/revision')`);
    const contractId = randomUUID();
    await db.query(
      sql`insert into contracts (id, registration_id, provider, document) values (${contractId}, ${id}, 'local', 'CONTRATO')`,
    );
    for (const role of ['Cliente', 'Empresa']) {
      await db.query(
        sql`insert into contract_submitters (id, contract_id, role, email, status) values (${randomUUID()}, ${contractId}, ${role}, ${TEST_APPLICANT.email}, 'completed')`,
      );
    }
    return { registrationId: id, contractId };
  }

  const settle = (contractId: string) => db.transaction((tx) => settleContract(tx, ctx, contractId));
  const moveInStatus = async (registrationId: string) =>
    (
      await db.query<{ move_in_status: string | null }>(
        sql`select move_in_status from registrations where id = ${registrationId}`,
      )
    ).rows[0]?.move_in_status;
  const stockOf = async (productId: number) =>
    (await db.query<{ stock: number }>(sql`select stock from product_stock where pid = ${productId}`)).rows[0]?.stock;
  /** What the business is told about a move-in that waits (not the signed contract it also gets). */
  const businessMail = async () =>
    (
      await db.query<{ subject: string; body: string }>(
        sql`select subject, body from outbox where recipient = 'reservas@trasteros-demo.example' and subject like '%falta asignar%' order by id`,
      )
    ).rows;

  it('the demo catalogue is units: each product’s stock is its available units', async () => {
    const { rows } = await db.query<{ pid: number; stock: number; total: number }>(
      sql`select p.pid, s.stock, (select count(*)::integer from units u where u.product_id = p.pid) as total
       from products p join product_stock s using (pid) order by p.pid`,
    );
    expect(rows.find((row) => row.pid === 204)).toMatchObject({ stock: 9 });
    expect(rows.find((row) => row.pid === 206)).toMatchObject({ stock: 0 });
    for (const row of rows) expect(row.total).toBeGreaterThan(row.stock);
    const numbers = await db.query<{ unit_number: string }>(sql`select unit_number from units where product_id = 101`);
    for (const { unit_number } of numbers.rows) expect(unit_number).toMatch(/^A-\d{3}$/);
  });

  it('completing the contract occupies the first free units by number and lowers the stock', async () => {
    const before = await stockOf(202);
    const { registrationId, contractId } = await signedBoth({ productId: '202', numberProductsRequired: 2 });
    await settle(contractId);

    const { rows: free } = await db.query<{ unit_number: string }>(
      sql`select unit_number from units where product_id = 202 and status = 'available' order by unit_number limit 1`,
    );
    const taken = await unitsOf(db, registrationId);
    expect(taken).toHaveLength(2);
    expect(taken.every((unit) => unit < (free[0]?.unit_number ?? ''))).toBe(true);
    expect(await moveInStatus(registrationId)).toBe('allocated');
    expect(await stockOf(202)).toBe((before ?? 0) - 2);
    expect(await businessMail()).toEqual([]);
  });

  it('takes the units the calculator’s volume needs, not what the browser asked', async () => {
    // 7 m³ in 3 m³ units is three units, whatever numberProductsRequired says.
    const { registrationId, contractId } = await signedBoth({
      productId: '202',
      numberProductsRequired: 1,
      volumeRequested: 7,
    });
    await settle(contractId);
    expect(await unitsOf(db, registrationId)).toHaveLength(3);
  });

  it('with no unit free, the registration waits for one, takes nothing, and the business is told', async () => {
    await setAvailableUnits(db, 209, 0);
    const { registrationId, contractId } = await signedBoth({ productId: '209' });
    await settle(contractId);

    expect(await moveInStatus(registrationId)).toBe('awaiting_unit');
    expect(await unitsOf(db, registrationId)).toEqual([]);
    const [mail] = await businessMail();
    expect(mail?.subject).toMatch(/^Alta MV\d{4}: falta asignar trastero$/);
    expect(mail?.body).toContain('no queda ninguna unidad libre');
    expect(mail?.body).toContain(TEST_APPLICANT.email);
    // Still completed: the contract is signed, only the unit is missing.
    const { rows } = await db.query<{ global_status: string }>(
      sql`select global_status from registrations where id = ${registrationId}`,
    );
    expect(rows[0]?.global_status).toBe('completed');
  });

  it('does not move in while the deposit is not paid', async () => {
    const { registrationId, contractId } = await signedBoth({ productId: '202' }, { paid: false });
    await settle(contractId);
    expect(await moveInStatus(registrationId)).toBe('awaiting_unit');
    expect(await unitsOf(db, registrationId)).toEqual([]);
    expect((await businessMail())[0]?.body).toContain('la fianza no consta como pagada');
  });

  it('two applicants racing for the last unit: one moves in, the other waits, never both', async () => {
    for (let round = 0; round < 5; round++) {
      await db.query(
        sql`update units set status = 'available', registration_id = null where registration_id is not null`,
      );
      await db.query(sql`delete from registrations`);
      await setAvailableUnits(db, 209, 1);
      const first = await signedBoth({ productId: '209' });
      const second = await signedBoth({ productId: '209' });
      await Promise.all([settle(first.contractId), settle(second.contractId)]);

      const statuses = [await moveInStatus(first.registrationId), await moveInStatus(second.registrationId)].sort();
      expect(statuses).toEqual(['allocated', 'awaiting_unit']);
      const { rows } = await db.query<{ registration_id: string | null }>(
        sql`select registration_id::text from units where product_id = 209 and status = 'occupied' and registration_id is not null`,
      );
      expect(rows).toHaveLength(1);
      expect(await stockOf(209)).toBe(0);
    }
  });

  it('settling an already completed contract again takes no second unit', async () => {
    const { registrationId, contractId } = await signedBoth({ productId: '202' });
    await settle(contractId);
    await settle(contractId);
    expect(await unitsOf(db, registrationId)).toHaveLength(1);
  });
});
