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
    return { call, get: (path: string) => jar.fetch(served.service.url(path)) };
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

    // Nothing is due tomorrow: the first collection is two days after move-in.
    const early = await manager.call('list_collections', { dueBy: inDays(1) });
    expect(early.body.collections).toEqual([]);
    const due = await manager.call('list_collections', { dueBy: inDays(2) });
    expect(due.status).toBe(200);
    expect(due.body.collections).toEqual([
      expect.objectContaining({ registrationCode, debtorName: 'Ana García', amountCents: 6200, sequenceType: 'FRST' }),
    ]);

    expect((await manager.call('create_remittance', { dueBy: inDays(2) })).status).toBe(400);
    const made = await manager.call('create_remittance', { dueBy: inDays(2), confirm: true });
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
    expect((await browser().get(path)).status).toBe(401);
    expect((await manager.call('list_collections', { dueBy: 'mañana' })).status).toBe(400);
  });
});
