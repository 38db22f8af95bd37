import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { sql } from '../../platform/db/sql';
import { madridDate } from '../../platform/madrid-time';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { inviteStaff } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

const schema = {
  fileName: 'pain.008.001.02.xsd',
  contents: readFileSync(
    new URL('../../modules/billing/direct-debit/iso20022/pain.008.001.02.xsd', import.meta.url),
    'utf8',
  ),
};

/** The manager's Collections screen: what is due, the remittance file made, kept and downloaded, on each engine. */
describe.each(databaseEngines())('collections on $name', (engine) => {
  const served = servedOn(engine);

  const browser = () => {
    const jar = cookieJar();
    const call = async (action: string, payload: Record<string, unknown> = {}) => {
      const res = await jar.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
    };
    const upload = async (filename: string, xml: string) => {
      const form = new FormData();
      form.append('file', new Blob([xml], { type: 'application/xml' }), filename);
      const res = await jar.fetch(served.service.url('backoffice/bank-report'), { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
    };
    return { call, upload, get: (path: string) => jar.fetch(served.service.url(path)) };
  };
  const signedIn = async (who: { email: string; password: string } = TEST_MANAGER) => {
    const member = browser();
    expect((await member.call('login', who)).status).toBe(200);
    return member;
  };
  const moveIn = async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    return signUp;
  };
  const inDays = (days: number) => madridDate(new Date(served.service.ctx.clock.now().getTime() + days * 86_400_000));

  it('lists what is due by a date, makes one XSD-valid pain.008 of it, and sends each collection once', async () => {
    await resetMoveIns(served.db);
    const { registrationCode } = await moveIn();
    const manager = await signedIn();

    // Without a date: a week ahead by the service's clock, said in the answer.
    const byDefault = await manager.call('list_collections', {});
    expect(byDefault.body).toMatchObject({
      dueBy: inDays(7),
      collections: [expect.objectContaining({ registrationCode })],
    });

    // Nothing is due tomorrow: the first collection is two days after move-in.
    const early = await manager.call('list_collections', { dueBy: inDays(1) });
    expect(early.body.collections).toEqual([]);
    const due = await manager.call('list_collections', { dueBy: inDays(2) });
    expect(due.status).toBe(200);
    expect(due.body.collections).toEqual([
      expect.objectContaining({ registrationCode, debtorName: 'Ana García', amountCents: 6200, sequenceType: 'FRST' }),
    ]);

    expect((await manager.call('create_remittance', { dueBy: inDays(2) })).status).toBe(400);
    // Confirmed for a list that is no longer the one due: nothing is made.
    expect(
      await manager.call('create_remittance', {
        dueBy: inDays(2),
        confirm: true,
        expected: { listHash: 'a'.repeat(64) },
      }),
    ).toMatchObject({ status: 409, body: { code: 'collections_changed' } });
    const made = await manager.call('create_remittance', {
      dueBy: inDays(2),
      confirm: true,
      expected: { listHash: due.body.listHash as string },
    });
    expect(made.status).toBe(200);
    const remittance = made.body.remittance as {
      id: string;
      messageId: string;
      collections: number;
      totalCents: number;
    };
    expect(remittance).toMatchObject({
      collections: 1,
      totalCents: 6200,
      messageId: expect.stringMatching(/^REM-\d{14}-/),
    });

    const file = await manager.get(`backoffice/remittance?id=${remittance.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain(`${remittance.messageId}.xml`);
    const xml = await file.text();
    const checked = await validateXML({ xml: { fileName: 'remittance.xml', contents: xml }, schema });
    expect(checked.errors).toEqual([]);
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain(`<ReqdColltnDt>${inDays(2)}</ReqdColltnDt>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">62.00</InstdAmt>');

    // Sent once: the same date again has nothing left, and says so.
    expect((await manager.call('list_collections', { dueBy: inDays(2) })).body.collections).toEqual([]);
    const again = await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
    expect(again).toMatchObject({ status: 409, body: { code: 'nothing_due' } });
    expect((await manager.call('list_collections', { dueBy: inDays(2) })).body.remittances).toEqual([
      expect.objectContaining({ id: remittance.id, createdBy: TEST_MANAGER.email }),
    ]);

    // The next month's collection goes as RCUR: the mandate has had its first.
    const nextMonth = await manager.call('list_collections', { dueBy: inDays(40) });
    expect(nextMonth.body.collections).toEqual([expect.objectContaining({ sequenceType: 'RCUR' })]);
    const { rows } = await served.db.query<{ action: string; target: string }>(
      sql`select action, target from staff_audit where action in ('create_remittance', 'download_remittance') order by id`,
    );
    expect(rows).toEqual([
      { action: 'create_remittance', target: `remittance:${remittance.messageId}` },
      { action: 'download_remittance', target: `remittance:${remittance.messageId}` },
    ]);
  });

  it('a collection whose date has passed is asked for tomorrow, the earliest a bank takes', async () => {
    await resetMoveIns(served.db);
    await moveIn();
    await served.db.query(sql`update rent_periods set due_date = due_date - 10 where sequence = 1`);
    const manager = await signedIn();
    const made = await manager.call('create_remittance', { dueBy: inDays(0), confirm: true });
    expect(made.status).toBe(200);
    const { id } = made.body.remittance as { id: string };
    const xml = await (await manager.get(`backoffice/remittance?id=${id}`)).text();
    expect(xml).toContain(`<ReqdColltnDt>${inDays(1)}</ReqdColltnDt>`);
  });

  const camt054 = (id: string, entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-12-03T07:00:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>1</Id>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
  const returned = (endToEndId: string, reason: string) => `<Ntry><Amt Ccy="EUR">62.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
    <Sts>BOOK</Sts><NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs>
    <RtrInf><Rsn><Cd>${reason}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>`;
  const pain002 = (id: string, endToEndId: string, reason: string) => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>${id}</MsgId></GrpHdr>
  <OrgnlPmtInfAndSts><TxInfAndSts><OrgnlEndToEndId>${endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts>
  <StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
  const period = async () =>
    (
      await served.db.query<{ status: string; end_to_end_id: string; attempts: number; return_reason: string | null }>(
        sql`select status, end_to_end_id, attempts, return_reason from rent_periods where sequence = 1`,
      )
    ).rows[0];

  it('imports the bank’s reports: a return with funds short goes in the next remittance, a closed account stays returned; the tenant is told; nothing twice', async () => {
    await resetMoveIns(served.db);
    await moveIn();
    const manager = await signedIn();
    expect((await manager.call('create_remittance', { dueBy: inDays(2), confirm: true })).status).toBe(200);
    const sentList = await manager.call('list_collections', { dueBy: inDays(2) });
    expect(sentList.body.sent).toEqual([expect.objectContaining({ debtorName: 'Ana García', amountCents: 6200 })]);
    const first = await period();
    expect(first?.status).toBe('submitted');

    // A malformed file and a foreign one: refused with where, nothing recorded.
    const malformed = await manager.upload('informe.xml', '<Document>\n<Ntfctn>\n</Document>');
    expect(malformed.status).toBe(422);
    expect(String(malformed.body.error)).toContain('línea 3');
    expect(
      (await manager.upload('remesa.xml', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"/>')).status,
    ).toBe(422);
    expect((await period())?.status).toBe('submitted');

    // Insufficient funds (AM04): presented again in the next remittance under a new id.
    const report = camt054('NTF-1', returned(first?.end_to_end_id ?? '', 'AM04'));
    const imported = await manager.upload('camt054.xml', report);
    expect(imported).toMatchObject({ status: 200, body: { kind: 'camt.054', messageId: 'NTF-1' } });
    expect(imported.body.counts).toMatchObject({ retry: 1, paid: 0, unknown: 0 });
    expect(await period()).toMatchObject({
      status: 'scheduled',
      attempts: 2,
      end_to_end_id: `${first?.end_to_end_id}-R2`,
      return_reason: 'AM04',
    });
    const told = await served.service.sentTo('ana@example.com');
    const mail = told.find((m) => m.subject === 'Recibo del alquiler devuelto');
    expect(mail?.body.replace(/\s+/g, ' ')).toContain('no había saldo suficiente');
    expect(mail?.body).toContain('Lo volveremos a presentar');
    expect(told.some((m) => m.channel === 'sms' && m.body.includes('devuelto el recibo'))).toBe(false);
    const texts = await served.service.sentTo('+34600123456');
    expect(texts.filter((m) => m.body.includes('ha devuelto el recibo'))).toHaveLength(1);
    // The same file again: refused, nothing recorded twice.
    expect(await manager.upload('camt054-again.xml', report)).toMatchObject({
      status: 409,
      body: { code: 'report_already_imported' },
    });

    // The retry goes in the next remittance as FRST again (the first never arrived) and comes back AC04.
    const again = await manager.call('list_collections', { dueBy: inDays(2) });
    expect(again.body.collections).toEqual([expect.objectContaining({ sequenceType: 'FRST' })]);
    expect((await manager.call('create_remittance', { dueBy: inDays(2), confirm: true })).status).toBe(200);
    const rejected = await manager.upload('pain002.xml', pain002('STS-1', `${first?.end_to_end_id}-R2`, 'AC04'));
    expect(rejected.body.counts).toMatchObject({ returned: 1 });
    expect(await period()).toMatchObject({ status: 'returned', return_reason: 'AC04' });
    // A line about the first attempt in a later report changes nothing.
    const late = await manager.upload('late.xml', camt054('NTF-2', returned(first?.end_to_end_id ?? '', 'AM04')));
    expect(late.body.counts).toMatchObject({ unchanged: 1, retry: 0 });
    const { rows } = await served.db.query<{ reason: string; retried: boolean }>(
      sql`select reason, retried from collection_returns order by returned_at`,
    );
    expect(rows).toEqual([
      { reason: 'AM04', retried: true },
      { reason: 'AC04', retried: false },
    ]);
  });

  it('a collection sent before its day still gets its invoice on the day; a return after the payment still counts', async () => {
    await resetMoveIns(served.db);
    await moveIn();
    const manager = await signedIn();
    // Both the first and the second month's collections go to the bank ahead of time.
    expect(
      (await manager.call('create_remittance', { dueBy: inDays(40), confirm: true })).body.remittance,
    ).toMatchObject({
      collections: 2,
    });
    const { rows } = await served.db.query<{ id: string; period_start: string; end_to_end_id: string }>(
      sql`select id, to_char(period_start, 'YYYY-MM-DD') as period_start, end_to_end_id from rent_periods where sequence = 2`,
    );
    const second = rows[0];
    const day = new Date(`${second?.period_start}T12:00:00Z`).getTime();
    served.service.ctx.adjustableClock?.advance(Math.max(0, day - served.service.ctx.clock.now().getTime()));
    await served.service.ctx.jobs.runDue();
    const { rows: invoiced } = await served.db.query(sql`select 1 from invoices where rent_period_id = ${second?.id}`);
    expect(invoiced).toHaveLength(1);

    // The bank credits it, then it comes back (AM04) days later: overdue after all, presented again.
    const credited = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
      <GrpHdr><MsgId>NTF-PAID</MsgId></GrpHdr><Ntfctn><Ntry><Amt Ccy="EUR">62.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
      <NtryDtls><TxDtls><Refs><EndToEndId>${second?.end_to_end_id}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry></Ntfctn>
      </BkToCstmrDbtCdtNtfctn></Document>`;
    expect((await manager.upload('paid.xml', credited)).body.counts).toMatchObject({ paid: 1 });
    const back = await manager.upload('back.xml', camt054('NTF-BACK', returned(second?.end_to_end_id ?? '', 'AM04')));
    expect(back.body.counts).toMatchObject({ retry: 1 });
    // Paid at the office before the next remittance: recorded by hand, and not debited again.
    expect(
      (await manager.call('record_collection_result', { rentPeriodId: second?.id, outcome: 'paid' })).body,
    ).toEqual({
      recorded: 'paid',
    });
    const next = await manager.call('list_collections', { dueBy: inDays(5) });
    expect((next.body.collections as { rentPeriodId: string }[]).some((c) => c.rentPeriodId === second?.id)).toBe(
      false,
    );
  });

  it('a collection is presented at most three times: the third return stays returned', async () => {
    await resetMoveIns(served.db);
    await moveIn();
    const manager = await signedIn();
    for (const [n, expected] of [
      [1, 'retry'],
      [2, 'retry'],
      [3, 'returned'],
    ] as const) {
      expect((await manager.call('create_remittance', { dueBy: inDays(2), confirm: true })).status).toBe(200);
      const current = (await period())?.end_to_end_id ?? '';
      const answer = await manager.upload(`r${n}.xml`, camt054(`NTF-R${n}`, returned(current, 'AM04')));
      expect(answer.body.counts).toMatchObject({ [expected]: 1 });
    }
    expect(await period()).toMatchObject({ status: 'returned', attempts: 3 });
  });

  it('a manager records a result by hand: paid, or returned with the bank’s reason (after a payment too); paid twice is refused', async () => {
    await resetMoveIns(served.db);
    await moveIn();
    const manager = await signedIn();
    await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
    const { rows } = await served.db.query<{ id: string }>(sql`select id from rent_periods where sequence = 1`);
    const rentPeriodId = rows[0]?.id;
    const audited = async () =>
      (
        await served.db.query<{ n: number }>(
          sql`select count(*)::integer as n from staff_audit where action = 'record_collection_result'`,
        )
      ).rows[0]?.n ?? 0;
    const before = await audited();
    expect((await manager.call('record_collection_result', { rentPeriodId, outcome: 'returned' })).status).toBe(400);
    expect(await manager.call('record_collection_result', { rentPeriodId, outcome: 'paid' })).toMatchObject({
      status: 200,
      body: { recorded: 'paid' },
    });
    expect((await period())?.status).toBe('paid');
    // Paid twice: refused. Returned by the bank after all (a refund the debtor asked for): it counts.
    expect(await manager.call('record_collection_result', { rentPeriodId, outcome: 'paid' })).toMatchObject({
      status: 409,
      body: { code: 'collection_not_sent' },
    });
    expect(
      await manager.call('record_collection_result', { rentPeriodId, outcome: 'returned', reason: 'MD06' }),
    ).toMatchObject({ status: 200, body: { recorded: 'returned' } });
    expect((await period())?.status).toBe('returned');
    expect((await audited()) - before).toBe(2);
  });

  it('a tenant’s account: the invoice, the bank’s payment and its return, the balance; the arrears list; the PDF', async () => {
    await resetMoveIns(served.db);
    const { registrationId, registrationCode } = await moveIn();
    const manager = await signedIn();
    await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
    const { rows } = await served.db.query<{ id: string; end_to_end_id: string }>(
      sql`select id, end_to_end_id from rent_periods where sequence = 1`,
    );
    const rentPeriodId = rows[0]?.id;
    // The invoice is issued on the period's first day (move-in day): owed, and left to the bank.
    await served.service.ctx.jobs.runDue();
    const sent = await manager.call('get_ledger', { registrationId });
    expect(sent.body).toMatchObject({ balanceCents: 6200, inCollectionCents: 6200, payableCents: 0 });
    expect((await manager.call('list_arrears')).body.tenants).toEqual([]);

    await manager.call('record_collection_result', { rentPeriodId, outcome: 'paid' });
    await manager.call('record_collection_result', { rentPeriodId, outcome: 'returned', reason: 'MD06' });
    const ledger = await manager.call('get_ledger', { registrationId });
    expect(ledger.body).toMatchObject({ balanceCents: 6200, inCollectionCents: 0, payableCents: 6200 });
    const entries = ledger.body.entries as Record<string, unknown>[];
    expect(entries.map((e) => [e.kind, e.amountCents, e.balanceCents])).toEqual([
      ['invoice', 6200, 6200],
      ['direct_debit', -6200, 0],
      ['return', 6200, 6200],
    ]);
    expect(entries[1]?.reference).toBe(rows[0]?.end_to_end_id);
    expect(entries[2]).toMatchObject({ reference: rows[0]?.end_to_end_id, detail: 'MD06', date: inDays(0) });

    const arrears = await manager.call('list_arrears');
    expect(arrears.body.tenants).toEqual([
      {
        registrationId,
        registrationCode,
        name: 'Ana García',
        units: [expect.any(String)],
        overdueCents: 6200,
        daysOverdue: 0,
        access: 'open',
        lastContactAt: expect.any(String),
      },
    ]);

    // This month on Today: invoiced, collected, returned, and her unit let.
    const figures = await manager.call('monthly_figures');
    const months = figures.body.months as Record<string, number | string>[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toMatchObject({
      month: inDays(0).slice(0, 7),
      dueCents: 6200,
      collectedCents: 6200,
      returnedCents: 6200,
      occupiedUnits: expect.any(Number),
    });
    expect(Number(months.at(-1)?.occupiedUnits)).toBeGreaterThanOrEqual(1);
    // The rent roll and the months as a Spanish spreadsheet opens them: `;`, decimal commas.
    // Read with its byte-order mark (a TextDecoder drops it by default): Excel needs it.
    const roll = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (await manager.get('backoffice/export?report=rent_roll&lang=es')).arrayBuffer(),
    );
    const header = 'Trasteros;Código;Inquilino;Desde;Alquiler (€);Periodo;Saldo (€);Estado';
    expect(roll.slice(0, header.length + 3)).toBe(`\uFEFF${header}\r\n`);
    expect(roll).toContain(
      `;${registrationCode};Ana García;${inDays(0).split('-').reverse().join('/')};62,00;Mensual;62,00;Impagado\r\n`,
    );
    const income = await (await manager.get('backoffice/export?report=income&lang=en')).text();
    expect(income).toContain('Month,Invoiced (€),Collected (€),Returned (€),Units let,Units in service\r\n');
    expect(income).toContain(`${inDays(0).slice(0, 7)},62.00,62.00,62.00,`);

    // The PDF as issued, to any member of staff; the desk sees the account but not the arrears list.
    const invoiceId = entries[0]?.invoiceId as string;
    const pdf = await manager.get(`backoffice/invoice?id=${invoiceId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${entries[0]?.reference}.pdf`);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const { email, password } = await inviteStaff(served, manager.call, {
      email: 'mostrador-cuenta@trasteros-demo.example',
      name: 'Mostrador',
      role: 'staff',
    });
    const staff = await signedIn({ email, password });
    expect((await staff.call('get_ledger', { registrationId })).status).toBe(200);
    expect((await staff.get(`backoffice/invoice?id=${invoiceId}`)).status).toBe(200);
    expect((await staff.call('list_arrears')).status).toBe(403);
    expect((await staff.call('monthly_figures')).status).toBe(403);
    expect(
      (await staff.call('return_deposit', { registrationId, keepCents: 0, inspected: true, confirm: true })).status,
    ).toBe(403);
    expect(
      (await staff.call('change_bank_account', { registrationId, iban: 'ES9121000418450200051332', confirm: true }))
        .status,
    ).toBe(403);
    expect(
      (await staff.call('record_refund', { registrationId, amountCents: 100, reason: 'Prueba', confirm: true })).status,
    ).toBe(403);
    expect((await staff.get('backoffice/export?report=rent_roll&lang=es')).status).toBe(403);
    expect((await staff.get('backoffice/export?report=income&lang=es')).status).toBe(403);
    expect((await browser().get(`backoffice/invoice?id=${invoiceId}`)).status).toBe(401);
    expect((await manager.get(`backoffice/invoice?id=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await manager.get('backoffice/invoice?id=F2026-000001')).status).toBe(400);
  });

  it('a rental ended after its next collection was sent: the bank’s money is the tenant’s, refunded at most once', async () => {
    await resetMoveIns(served.db);
    const { registrationId } = await moveIn();
    const manager = await signedIn();
    // A remittance a long way ahead holds this month's collection and next month's.
    const made = await manager.call('create_remittance', { dueBy: inDays(40), confirm: true });
    expect((made.body.remittance as { collections: number }).collections).toBeGreaterThanOrEqual(2);
    await served.service.ctx.jobs.runDue();
    expect((await manager.call('end_rental', { registrationId, confirm: true })).status).toBe(200);
    const { rows } = await served.db.query<{ id: string; sequence: number; status: string }>(
      sql`select id, sequence, status from rent_periods where registration_id = ${registrationId} and sequence <= 2 order by sequence`,
    );
    expect(rows.map((r) => r.status)).toEqual(['submitted', 'cancelled']);
    // The bank collected both all the same.
    for (const row of rows) {
      expect((await manager.call('record_collection_result', { rentPeriodId: row.id, outcome: 'paid' })).body).toEqual({
        recorded: 'paid',
      });
    }
    const ledger = await manager.call('get_ledger', { registrationId });
    expect(ledger.body).toMatchObject({ balanceCents: -6200, payableCents: 0 });
    expect(
      await manager.call('record_refund', {
        registrationId,
        amountCents: 6201,
        reason: 'Mes no disfrutado',
        confirm: true,
      }),
    ).toMatchObject({
      status: 409,
      body: { code: 'refund_exceeds_credit' },
    });
    expect(
      (await manager.call('record_refund', { registrationId, amountCents: 6200, reason: 'x', confirm: true })).status,
    ).toBe(400);
    expect(
      await manager.call('record_refund', {
        registrationId,
        amountCents: 6200,
        reason: 'Mes no disfrutado',
        confirm: true,
      }),
    ).toMatchObject({ status: 200, body: { balanceCents: 0 } });
    const after = await manager.call('get_ledger', { registrationId });
    expect((after.body.entries as { kind: string; detail: string | null }[]).at(-1)).toMatchObject({
      kind: 'refund',
      detail: 'Mes no disfrutado',
    });
    const receipt = (await served.service.sentTo('ana@example.com')).filter(
      (m) => m.subject === 'Te hemos devuelto un importe',
    );
    expect(receipt[0]?.body).toContain('Te hemos devuelto 62,00');
    // Nothing more is owed: a second refund is refused.
    expect(
      (await manager.call('record_refund', { registrationId, amountCents: 1, reason: 'Otra vez', confirm: true }))
        .status,
    ).toBe(409);
  });

  it('a new account under the same mandate: the next remittance says so once, the tenant is told', async () => {
    await resetMoveIns(served.db);
    const { registrationId } = await moveIn();
    const manager = await signedIn();
    const change = (iban: string) => manager.call('change_bank_account', { registrationId, iban, confirm: true });
    expect((await change('ES00 1234')).status).toBe(400);
    // The account she signed up with: nothing to change.
    const { rows } = await served.db.query<{ debtor_iban: string }>(
      sql`select debtor_iban from sepa_mandates where registration_id = ${registrationId}`,
    );
    expect(await change(rows[0]?.debtor_iban ?? '')).toMatchObject({
      status: 409,
      body: { code: 'bank_account_unchanged' },
    });
    // Another bank (2077, was 2100 or another): SMNDA in the next file.
    expect(await change('ES76 2077 0024 0031 0257 5766')).toMatchObject({
      status: 200,
      body: { iban: expect.stringMatching(/5766$/) },
    });
    const told = (await served.service.sentTo('ana@example.com')).filter(
      (m) => m.subject === 'Ha cambiado tu cuenta de cobro',
    );
    expect(told[0]?.body).toContain('5766');
    expect(told[0]?.body).not.toContain('0024003102575766');
    const made = await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
    const { id } = made.body.remittance as { id: string };
    const xml = await (await manager.get(`backoffice/remittance?id=${id}`)).text();
    const checked = await validateXML({ xml: { fileName: 'remittance.xml', contents: xml }, schema });
    expect(checked.errors).toEqual([]);
    expect(xml).toContain('<DbtrAcct><Id><IBAN>ES7620770024003102575766</IBAN></Id></DbtrAcct>');
    const original = rows[0]?.debtor_iban ?? '';
    expect(xml).toContain(
      original.slice(4, 8) === '2077'
        ? `<OrgnlDbtrAcct><Id><IBAN>${original}</IBAN></Id></OrgnlDbtrAcct>`
        : '<OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt>',
    );
    // Collected from it: the bank knows the account now. Two changes before a file: the original stays.
    const { rows: sent } = await served.db.query<{ id: string }>(
      sql`select id from rent_periods where registration_id = ${registrationId} and status = 'submitted'`,
    );
    await manager.call('record_collection_result', { rentPeriodId: sent[0]?.id, outcome: 'paid' });
    const { rows: after } = await served.db.query<{ amended_from_iban: string | null }>(
      sql`select amended_from_iban from sepa_mandates where registration_id = ${registrationId}`,
    );
    expect(after).toEqual([{ amended_from_iban: null }]);
    await change('ES1820770001230000000017');
    await change('ES9121000418450200051332');
    const { rows: twice } = await served.db.query<{ amended_from_iban: string | null }>(
      sql`select amended_from_iban from sepa_mandates where registration_id = ${registrationId}`,
    );
    expect(twice).toEqual([{ amended_from_iban: 'ES7620770024003102575766' }]);
  });

  it('the deposit at move-out: back to the card less a part kept with a reason, which settles what is owed; once', async () => {
    await resetMoveIns(served.db);
    const { registrationId } = await moveIn();
    const manager = await signedIn();
    const back = (payload: Record<string, unknown>) =>
      manager.call('return_deposit', { registrationId, inspected: true, confirm: true, ...payload });
    expect(await back({ keepCents: 0 })).toMatchObject({ status: 409, body: { code: 'rental_not_ended' } });
    await served.service.ctx.jobs.runDue();
    // Her first collection came back (refused by her): 62,00 owed when she leaves.
    await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
    const { rows: first } = await served.db.query<{ id: string }>(
      sql`select id from rent_periods where registration_id = ${registrationId} and sequence = 1`,
    );
    await manager.call('record_collection_result', { rentPeriodId: first[0]?.id, outcome: 'returned', reason: 'MS02' });
    expect((await manager.call('end_rental', { registrationId, confirm: true })).status).toBe(200);
    // More than she owes cannot be kept.
    expect(await back({ keepCents: 6201, reason: 'Limpieza' })).toMatchObject({
      status: 409,
      body: { code: 'keep_exceeds_owed' },
    });
    expect((await back({ keepCents: 1500 })).status).toBe(400);
    expect((await manager.call('return_deposit', { registrationId, keepCents: 0, confirm: true })).status).toBe(400);
    expect(await back({ keepCents: 10_000_000, reason: 'Todo' })).toMatchObject({ status: 400 });
    const returned = await back({ keepCents: 1500, reason: 'Limpieza del trastero' });
    expect(returned.status).toBe(200);
    const { refundedCents, keptCents } = returned.body as { refundedCents: number; keptCents: number };
    expect(keptCents).toBe(1500);
    const { rows } = await served.db.query<{ amount: string; refund_cents: number; refunded: boolean }>(
      sql`select amount::text, refund_cents, refunded_at is not null as refunded from payments
         where registration_id = ${registrationId} and purpose = 'deposit'`,
    );
    expect(rows[0]).toMatchObject({ refund_cents: refundedCents, refunded: true });
    expect(refundedCents + keptCents).toBe(Math.round(Number(rows[0]?.amount) * 100));
    // What was kept pays part of what she owed: 62,00 invoiced, 15,00 of it paid from the deposit.
    const ledger = await manager.call('get_ledger', { registrationId });
    expect(ledger.body.balanceCents).toBe(6200 - 1500);
    expect((ledger.body.entries as { kind: string; amountCents: number; detail: string | null }[]).at(-1)).toEqual(
      expect.objectContaining({ kind: 'deposit', amountCents: -1500, detail: 'Limpieza del trastero' }),
    );
    const mail = (await served.service.sentTo('ana@example.com')).filter((m) => /^Tu fianza · /.test(m.subject ?? ''));
    expect(mail[0]?.body.replace(/\s+/g, ' ')).toContain('Hemos retenido 15,00 €: Limpieza del trastero.');
    expect(await back({ keepCents: 0 })).toMatchObject({ status: 409, body: { code: 'deposit_not_refundable' } });
  });

  it('front-desk staff and strangers get neither the list, the file, nor a remittance', async () => {
    const manager = await signedIn();
    const { email, password } = await inviteStaff(served, manager.call, {
      email: 'mostrador-cobros@trasteros-demo.example',
      name: 'Mostrador',
      role: 'staff',
    });
    const staff = await signedIn({ email, password });
    expect((await staff.call('list_collections', { dueBy: inDays(30) })).status).toBe(403);
    expect((await staff.call('create_remittance', { dueBy: inDays(30), confirm: true })).status).toBe(403);
    const { rows } = await served.db.query<{ id: string }>(sql`select id from remittances limit 1`);
    const path = `backoffice/remittance?id=${rows[0]?.id ?? crypto.randomUUID()}`;
    expect((await staff.get(path)).status).toBe(403);
    expect((await staff.upload('x.xml', '<Document/>')).status).toBe(403);
    expect(
      (await staff.call('record_collection_result', { rentPeriodId: crypto.randomUUID(), outcome: 'paid' })).status,
    ).toBe(403);
    expect((await browser().get(path)).status).toBe(401);
    expect((await manager.call('list_collections', { dueBy: 'mañana' })).status).toBe(400);
  });
});
