import { createHmac, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';

const REVOLUT_SECRET = 'wsk_test_secret';
const DOCUSEAL_SECRET = 'docuseal-shared-secret';

describe.each(databaseEngines())('provider webhooks on $name', (engine) => {
  const served = servedOn(engine, {
    NODE_ENV: 'test',
    REVOLUT_WEBHOOK_SECRET: REVOLUT_SECRET,
    DOCUSEAL_WEBHOOK_SECRET: DOCUSEAL_SECRET,
  });
  let registrationId = '';

  beforeEach(async () => {
    await served.db.query(sql`delete from registrations`);
    registrationId = randomUUID();
    await served.db.query(sql`insert into registrations (id, registration_code, client_type, full_name, document_type, document_number,
         email, phone, address, city, postal_code, iban, client_id)
       values (${registrationId}, ${randomUUID().slice(0, 6).toUpperCase()}, 'individual', 'Ana', 'dni', '12345678Z', 'ana@example.com', '+34600', 'C', 'R', '29400',
         'ES9121000418450200051332', 'CL-000001')`);
  });

  const revolut = (body: unknown, signature?: string, timestamp = String(Date.now())) => {
    const raw = JSON.stringify(body);
    const signed =
      signature ?? `v1=${createHmac('sha256', REVOLUT_SECRET).update(`v1.${timestamp}.${raw}`).digest('hex')}`;
    return fetch(served.service.url('revolut-webhook'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'revolut-signature': signed,
        'revolut-request-timestamp': timestamp,
      },
      body: raw,
    });
  };
  const paymentStatus = async () =>
    (await served.db.query<{ status: string }>(sql`select status from payments`)).rows.map((r) => r.status);

  it('applies signed card-provider events to the payment, never after a final state', async () => {
    await served.db.query(sql`insert into payments (id, registration_id, amount, provider, provider_order_id, return_path)
       values (${randomUUID()}, ${registrationId}, 150, 'revolut', 'ord_42', '/es/alta/revision')`);
    expect((await revolut({ event: 'ORDER_COMPLETED', order_id: 'ord_42' }, 'v1=deadbeef')).status).toBe(401);
    expect(await paymentStatus()).toEqual(['pending']);
    expect((await revolut({ event: 'ORDER_AUTHORISED', order_id: 'ord_42' })).status).toBe(200);
    expect(await paymentStatus()).toEqual(['processing']);
    await revolut({ event: 'ORDER_COMPLETED', order_id: 'ord_42' });
    expect(await paymentStatus()).toEqual(['completed']);
    await revolut({ event: 'ORDER_PAYMENT_FAILED', order_id: 'ord_42' });
    expect(await paymentStatus()).toEqual(['completed']);
  });

  it('applies e-signature events with the shared secret; both signed completes the contract', async () => {
    const contractId = randomUUID();
    await served.db.query(sql`insert into contracts (id, registration_id, provider, provider_submission_id, document)
       values (${contractId}, ${registrationId}, 'docuseal', '77', 'text')`);
    for (const [role, providerId] of [
      ['Cliente', '901'],
      ['Empresa', '902'],
    ]) {
      await served.db.query(
        sql`insert into contract_submitters (id, contract_id, role, email, provider_submitter_id) values (${randomUUID()}, ${contractId}, ${role}, 'x@y.es', ${providerId})`,
      );
    }
    const send = (body: unknown, secret = DOCUSEAL_SECRET) =>
      fetch(served.service.url('esign-webhook'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
        body: JSON.stringify(body),
      });
    expect((await send({ event_type: 'form.completed', data: { id: 901 } }, 'wrong')).status).toBe(401);
    await send({ event_type: 'form.completed', data: { id: 901 } });
    const half = await served.db.query<{ status: string }>(sql`select status from contracts`);
    expect(half.rows).toEqual([{ status: 'awaiting_signatures' }]);
    await send({ event_type: 'form.completed', data: { id: 902 } });
    expect((await served.db.query(sql`select status from contracts`)).rows).toEqual([{ status: 'completed' }]);
    expect((await served.db.query(sql`select global_status from registrations`)).rows).toEqual([
      { global_status: 'completed' },
    ]);
  });
});
