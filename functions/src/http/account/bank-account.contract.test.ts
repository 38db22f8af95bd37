import { readFileSync } from 'node:fs';
import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

const schema = {
  fileName: 'pain.008.001.02.xsd',
  contents: readFileSync(
    new URL('../../modules/billing/direct-debit/iso20022/pain.008.001.02.xsd', import.meta.url),
    'utf8',
  ),
};
const NEW_IBAN = 'ES76 2077 0024 0031 0257 5766';
type Overview = { tenancies: { bankAccount: Record<string, unknown> & { pendingChange: unknown } }[] };

/** The rent from another account: a new mandate the tenant signs, the old one cancelled, the bank told. */
describe.each(databaseEngines())('the account’s bank account on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });

  const manager = async () => {
    const jar = cookieJar();
    const call = await staffSession(served, undefined, jar);
    /** A remittance of everything due by `dueBy`: its pain.008. */
    const remit = async (dueBy: string) => {
      const made = await call('create_remittance', { dueBy, confirm: true });
      const { id } = made.body.remittance as { id: string };
      return (await jar.fetch(served.service.url(`backoffice/remittance?id=${id}`))).text();
    };
    return { call, remit };
  };
  const mandates = async (registrationId: string) =>
    (
      await served.db.query<{ reference: string; status: string; amended_from_reference: string | null }>(
        sql`select reference, status, amended_from_reference from sepa_mandates where registration_id = ${registrationId}
         order by created_at, reference`,
      )
    ).rows;
  /** The newest mandate-signing link e-mailed to Ana, and a way to sign or decline it. */
  const signingLink = async () => {
    const mails = (await served.service.sentTo('ana@example.com')).filter((m) =>
      /^Orden de domiciliación para firmar/.test(m.subject ?? ''),
    );
    const token = /esign\?token=([\w-]+)/.exec(mails.at(-1)?.body ?? '')?.[1] ?? '';
    const submit = async (fields: Record<string, string>) =>
      (
        await fetch(served.service.url('esign-submit'), {
          method: 'POST',
          body: new URLSearchParams({ token, ...fields }),
        })
      ).text();
    return {
      count: mails.length,
      page: async () => (await fetch(served.service.url(`esign?token=${token}`))).text(),
      sign: () => submit({ decision: 'sign', name: TEST_APPLICANT.fullName, consent: 'yes' }),
      decline: () => submit({ decision: 'decline' }),
    };
  };

  /** A tenant signed in to her account, the office, and her first collection sent to the bank. */
  const tenantWithFirstCollectionSent = async () => {
    const { registrationId } = await movedInTenant(served);
    const ana = await accountSession(served);
    const office = await manager();
    const [original] = await mandates(registrationId);
    const today = served.service.ctx.clock.now();
    const inDays = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    await office.remit(inDays(10));
    const { rows: sent } = await served.db.query<{ id: string }>(
      sql`select id from rent_periods where registration_id = ${registrationId} and status = 'submitted'`,
    );
    return { registrationId, ana, office, original, sent, inDays };
  };

  it('signed, the new mandate replaces the old one and the next remittance carries the amendment', async () => {
    // Her first collection goes to the bank: the bank knows the original mandate.
    const { registrationId, ana, office, original, sent, inDays } = await tenantWithFirstCollectionSent();
    expect(sent).toHaveLength(1);
    await office.call('record_collection_result', { rentPeriodId: sent[0]?.id, outcome: 'paid' });

    expect((await ana('change_bank_account', { registrationId, iban: 'ES00 1234' })).status).toBe(400);
    expect((await ana('change_bank_account', { registrationId, iban: 'ES7620770024003102575767' })).body.error).toMatch(
      /valid Spanish IBAN/,
    );
    const { rows: current } = await served.db.query<{ iban: string }>(
      sql`select iban from registrations where id = ${registrationId}`,
    );
    expect((await ana('change_bank_account', { registrationId, iban: current[0]?.iban })).body).toMatchObject({
      code: 'bank_account_unchanged',
    });
    // Nobody else's rental: not found, nothing said.
    expect((await ana('change_bank_account', { registrationId: crypto.randomUUID(), iban: NEW_IBAN })).status).toBe(
      404,
    );

    expect(await ana('change_bank_account', { registrationId, iban: NEW_IBAN })).toEqual({
      status: 200,
      body: { maskedIban: expect.stringMatching(/^ES76\s•+\s5766$/) },
    });
    const pending = (await ana('overview')).body as Overview;
    expect(pending.tenancies[0]?.bankAccount).toMatchObject({
      mandateReference: original?.reference,
      pendingChange: { maskedIban: expect.stringMatching(/5766$/), requestedAt: expect.any(String) },
    });
    expect(pending.tenancies[0]?.bankAccount.maskedIban).not.toMatch(/5766$/);

    const link = await signingLink();
    const page = await link.page();
    expect(page).toContain('Firma de la orden de domiciliación SEPA');
    expect(page).toContain('ES7620770024003102575766');
    expect(page).toContain(`sustituye, desde su firma, a la orden ${original?.reference}`);
    expect(await link.sign()).toContain('Orden de domiciliación firmada');

    const signed = (await ana('overview')).body as Overview;
    expect(signed.tenancies[0]?.bankAccount).toMatchObject({
      maskedIban: expect.stringMatching(/5766$/),
      pendingChange: null,
    });
    const [before, after] = await mandates(registrationId);
    expect(before).toMatchObject({ reference: original?.reference, status: 'cancelled' });
    expect(after).toMatchObject({ status: 'signed', amended_from_reference: original?.reference });
    expect(signed.tenancies[0]?.bankAccount.mandateReference).toBe(after?.reference);
    const told = (await served.service.sentTo('ana@example.com')).filter((m) =>
      /^Ha cambiado tu cuenta de cobro/.test(m.subject ?? ''),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.body).not.toContain('0024003102575766');
    const { rows: attached } = await served.db.query<{ filename: string }>(
      sql`select a.filename from outbox_attachments a join outbox o on o.id = a.outbox_id
       where o.recipient = 'ana@example.com' and o.subject like 'Ha cambiado tu cuenta de cobro%'`,
    );
    expect(attached).toEqual([{ filename: `orden-domiciliacion-${after?.reference}.pdf` }]);

    // The next collection: under the new mandate, from the new account, naming the original mandate.
    const xml = await office.remit(inDays(70));
    expect((await validateXML({ xml: { fileName: 'remittance.xml', contents: xml }, schema })).errors).toEqual([]);
    expect(xml).toContain(`<MndtId>${after?.reference}</MndtId>`);
    expect(xml).toContain(
      `<AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlMndtId>${original?.reference}</OrgnlMndtId>`,
    );
    expect(xml).toContain('<DbtrAcct><Id><IBAN>ES7620770024003102575766</IBAN></Id></DbtrAcct>');
    expect(xml).not.toContain('<SeqTp>FRST</SeqTp>');
    const { rows: audit } = await served.db.query<{ action: string }>(
      sql`select action from staff_audit where action = 'account_change_bank_account'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('a collection sent to the old account and returned as closed goes again to the new one; staff’s change and 14 days void one awaiting', async () => {
    // Her first collection goes to the bank: the bank knows the original mandate.
    const { registrationId, ana, office, original, sent, inDays } = await tenantWithFirstCollectionSent();
    await ana('change_bank_account', { registrationId, iban: NEW_IBAN });
    await (await signingLink()).sign();
    const [, replacement] = await mandates(registrationId);
    // The old account was closed: the bank sends the collection back, and it goes to the new one.
    expect(
      (
        await office.call('record_collection_result', {
          rentPeriodId: sent[0]?.id,
          outcome: 'returned',
          reason: 'AC04',
        })
      ).body,
    ).toEqual({ recorded: 'retry' });
    const { rows: again } = await served.db.query<{ status: string; mandate_reference: string }>(
      sql`select status, mandate_reference from rent_periods where id = ${sent[0]?.id}`,
    );
    expect(again).toEqual([{ status: 'scheduled', mandate_reference: replacement?.reference }]);
    const xml = await office.remit(inDays(10));
    expect(xml).toMatch(
      new RegExp(`<MndtId>${replacement?.reference}</MndtId>.*<OrgnlMndtId>${original?.reference}</OrgnlMndtId>`),
    );
    expect(xml).toContain('<DbtrAcct><Id><IBAN>ES7620770024003102575766</IBAN></Id></DbtrAcct>');
    const { rows: audit } = await served.db.query<{ after: { mandate: string } }>(
      sql`select after from staff_audit where action = 'mandate_replaced' order by created_at desc limit 1`,
    );
    expect(audit[0]?.after).toMatchObject({ mandate: replacement?.reference });

    // A change awaiting her signature is dropped when the office changes the account itself.
    expect((await ana('change_bank_account', { registrationId, iban: 'ES1820770001230000000017' })).status).toBe(200);
    const awaiting = await signingLink();
    const byStaff = await office.call('change_bank_account', {
      registrationId,
      iban: 'ES9121000418450200051332',
      confirm: true,
    });
    expect(byStaff.status).toBe(200);
    expect(((await ana('overview')).body as Overview).tenancies[0]?.bankAccount.pendingChange).toBeNull();
    expect(await awaiting.page()).toContain('Esta orden ya no admite firmas');

    // One left unsigned for 14 days can no longer be signed, and is no longer shown as awaiting.
    expect((await ana('change_bank_account', { registrationId, iban: NEW_IBAN })).status).toBe(200);
    const stale = await signingLink();
    served.service.ctx.adjustableClock?.advance(15 * 86_400_000);
    expect(await stale.page()).toContain('Esta orden ya no admite firmas');
    expect(await stale.sign()).toContain('Esta orden ya no admite firmas');
    const later = await accountSession(served);
    expect(((await later('overview')).body as Overview).tenancies[0]?.bankAccount).toMatchObject({
      maskedIban: expect.stringMatching(/1332$/),
      pendingChange: null,
    });
  });

  it('unsigned it changes nothing: cancelled, declined, replaced by a newer one, and at most three an hour', async () => {
    const { registrationId } = await movedInTenant(served);
    const ana = await accountSession(served);
    const [original] = await mandates(registrationId);
    const change = () => ana('change_bank_account', { registrationId, iban: NEW_IBAN });

    expect((await change()).status).toBe(200);
    const first = await signingLink();
    expect((await ana('cancel_bank_change', { registrationId })).body).toEqual({ success: true });
    expect(((await ana('overview')).body as Overview).tenancies[0]?.bankAccount.pendingChange).toBeNull();
    expect(await first.page()).toContain('Esta orden ya no admite firmas');

    expect((await change()).status).toBe(200);
    const second = await signingLink();
    expect((await change()).status).toBe(200);
    const third = await signingLink();
    expect(third.count).toBe(second.count + 1);
    // The newer replaced the older: its link no longer signs.
    expect(await second.sign()).toContain('Esta orden ya no admite firmas');
    expect((await change()).body).toMatchObject({ code: 'mandate_change_throttled' });
    expect(await third.decline()).toContain('Orden de domiciliación rechazada');
    expect(((await ana('overview')).body as Overview).tenancies[0]?.bankAccount).toMatchObject({
      mandateReference: original?.reference,
      pendingChange: null,
    });
    const now = await mandates(registrationId);
    expect(now.filter((m) => m.status === 'signed')).toEqual([
      expect.objectContaining({ reference: original?.reference }),
    ]);
    // An hour on (signed in again: the session has gone idle), another may be sent.
    served.service.ctx.adjustableClock?.advance(3_600_000);
    const later = await accountSession(served);
    expect((await later('change_bank_account', { registrationId, iban: NEW_IBAN })).status).toBe(200);
  });
});
