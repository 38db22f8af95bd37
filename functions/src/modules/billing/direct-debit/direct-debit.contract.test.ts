import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../../platform/db/sql';
import { databaseEngines } from '../../../testing/databases';
import { servedOn } from '../../../testing/service';
import { loseHeldUnits, signUpToContract, TEST_SERVICE } from '../../../testing/sign-up';
import { resetMoveIns } from '../../../testing/units';
import { pain008 } from './pain008';
import { collectionsDueBy } from './remittances';

/** The SEPA mandate signed with the contract and the rent schedule move-in starts, on each engine. */
describe.each(databaseEngines())('direct debit on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));

  const mandates = async () =>
    (
      await served.db.query<{
        reference: string;
        status: string;
        debtor_name: string;
        debtor_iban: string;
        creditor_identifier: string;
        signed_at: Date | string | null;
        client_signed_at: Date | string | null;
      }>(
        sql`select m.reference, m.status, m.debtor_name, m.debtor_iban, m.creditor_identifier, m.signed_at,
           (select s.signed_at from contract_submitters s where s.contract_id = m.contract_id and s.role = 'Cliente')
             as client_signed_at
         from sepa_mandates m order by m.created_at`,
      )
    ).rows;
  /** The first collection's date: two days after move-in (the bank needs the file the day before). */
  const firstDue = async () =>
    (
      await served.db.query<{ due: string }>(
        sql`select to_char((now() at time zone 'Europe/Madrid')::date + 2, 'YYYY-MM-DD') as due`,
      )
    ).rows[0]?.due ?? '';
  const today = async () =>
    (
      await served.db.query<{ today: string }>(
        sql`select to_char(now() at time zone 'Europe/Madrid', 'YYYY-MM-DD') as today`,
      )
    ).rows[0]?.today ?? '';

  it('the contract carries the SEPA mandate; the applicant’s signature signs it', async () => {
    const signUp = await signUpToContract(served);
    const [pending] = await mandates();
    expect(pending).toMatchObject({
      status: 'awaiting_signature',
      debtor_name: 'Ana García',
      debtor_iban: 'ES9121000418450200051332',
      creditor_identifier: 'ES81000B00000000',
    });
    expect(pending?.reference).toMatch(new RegExp(`^MD-${signUp.registrationCode}-[0-9A-F]{12}$`));
    const { rows } = await served.db.query<{ document: string }>(sql`select document from contracts`);
    const document = rows[0]?.document ?? '';
    for (const text of [
      'ORDEN DE DOMICILIACIÓN DE ADEUDO DIRECTO SEPA',
      `Referencia de la orden de domiciliación: ${pending?.reference}`,
      'Identificador del acreedor: ES81000B00000000',
      'Número de cuenta (IBAN): ES9121000418450200051332',
      'Tipo de pago: pago recurrente.',
      'en Pueblo de Ejemplo',
      'reembolso',
    ]) {
      expect(document).toContain(text);
    }

    // The company signs by itself with the applicant (the default): the mandate is signed at once.
    await signUp.sign('Cliente');
    const [signed] = await mandates();
    expect(signed?.status).toBe('signed');
    expect(new Date(signed?.signed_at ?? 0).getTime()).toBe(new Date(signed?.client_signed_at ?? 1).getTime());
  });

  it('move-in starts the rent: twelve monthly collections under the mandate, the first due in two days', async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const [mandate] = await mandates();
    const { rows } = await served.db.query<{
      sequence: number;
      amount_cents: number;
      sequence_type: string;
      due: string;
    }>(
      sql`select sequence, amount_cents, sequence_type, to_char(due_date, 'YYYY-MM-DD') as due from rent_periods order by sequence`,
    );
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ sequence: 1, amount_cents: 6200, sequence_type: 'FRST', due: await firstDue() });
    expect(rows.slice(1).every((row) => row.sequence_type === 'RCUR' && row.amount_cents === 6200)).toBe(true);

    // That day's remittance: what a pain.008 file needs, straight from the schedule.
    const due = await collectionsDueBy(served.db, await firstDue());
    expect(due).toEqual([
      expect.objectContaining({
        endToEndId: `${mandate?.reference}-001`,
        amountCents: 6200,
        sequenceType: 'FRST',
        mandateReference: mandate?.reference,
        mandateSignedOn: await today(),
        debtorName: 'Ana García',
        debtorIban: 'ES9121000418450200051332',
        remittanceInformation: expect.stringContaining(signUp.registrationCode),
      }),
    ]);
    const xml = pain008({
      messageId: 'REM-1',
      createdAt: new Date(),
      creditor: { name: 'Demo', identifier: 'ES81000B00000000', iban: 'ES9121000418450200051332' },
      collections: due,
    });
    expect(xml).toContain(`<MndtId>${mandate?.reference}</MndtId>`);
  });

  it('a quarterly rental is collected every three months at the quarter’s price', async () => {
    const signUp = await signUpToContract(served, {
      serviceDetails: { ...TEST_SERVICE, period: 'quarterly', recurringFee: 170 },
    });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const { rows } = await served.db.query<{ amount_cents: number }>(
      sql`select amount_cents from rent_periods order by sequence`,
    );
    // The server prices the choice from the catalogue: the quarter of product 202, whatever was sent.
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.amount_cents)).size).toBe(1);
  });

  it('a declined contract voids its mandate; no rent without a move-in', async () => {
    const signUp = await signUpToContract(served);
    await signUp.decline('Cliente');
    expect((await mandates()).map((m) => m.status)).toEqual(['cancelled']);
    expect((await served.db.query(sql`select 1 from rent_periods`)).rows).toEqual([]);
  });

  it('a signed contract waiting for a unit has a signed mandate and no schedule yet', async () => {
    const signUp = await signUpToContract(served);
    const lost = await loseHeldUnits(served, signUp.registrationId);
    await served.db.query(
      sql`update units set status = 'out_of_service' where product_id = 202 and status = 'available'`,
    );
    try {
      await signUp.sign('Cliente');
      await signUp.sign('Empresa');
      expect((await mandates())[0]?.status).toBe('signed');
      expect((await served.db.query(sql`select 1 from rent_periods`)).rows).toEqual([]);
    } finally {
      await served.db.query(
        sql`update units set status = 'available' where product_id = 202 and status = 'out_of_service'`,
      );
      await served.db.query(sql`update units set status = 'available' where unit_number = any(${lost}::text[])`);
    }
  });
});
