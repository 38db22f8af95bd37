import { TEST_SERVICE, testDepositRequest } from 'shared-api/testing';
import { onTestFinished } from 'vitest';
import { sql } from '../platform/db/sql';
import { TEST_APPLICANT } from './applicant';
import { type CookieJar, cookieJar } from './cookie-jar';
import type { ServedFunctions } from './service';

export { TEST_SERVICE };

type Served = { db: ServedFunctions['ctx']['db']; service: ServedFunctions };

/** The newest 6-digit code sent to a recipient (the outbox). */
async function codeSentTo(served: Served, recipient: string): Promise<string> {
  const { rows } = await served.db.query<{ body: string }>(
    sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`,
  );
  return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
}

/**
 * An applicant's sign-up through the real functions up to the contract awaiting signatures:
 * registration, contacts verified with the codes sent, the three documents (stored as rows: the
 * upload has its own tests), the client, the paid deposit (sandbox card) and the contract with
 * both signing links. `sign(role)` signs as that party from the e-mailed link.
 */
export async function signUpToContract(
  served: Served,
  {
    applicant = TEST_APPLICANT,
    serviceDetails = TEST_SERVICE,
    documents = ['frontId', 'backId', 'bankDocument'],
    browser = cookieJar(),
  }: {
    applicant?: Record<string, string>;
    serviceDetails?: Record<string, unknown>;
    documents?: string[];
    browser?: CookieJar;
  } = {},
) {
  const url = served.service.url;
  const post = async (name: string, body: unknown) => {
    const res = await browser.fetch(url(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const form = async (name: string, fields: Record<string, string>) =>
    (await browser.fetch(url(name), { method: 'POST', body: new URLSearchParams(fields) })).text();

  const created = await post('registration-handler', { action: 'create_registration', ...applicant });
  const registrationId = String(created.registrationId);
  const { rows: contacts } = await served.db.query<{ email: string; phone: string }>(
    sql`select email, phone from registrations where id = ${registrationId}`,
  );
  await post('registration-handler', {
    action: 'verify_tokens',
    registrationId,
    emailToken: await codeSentTo(served, contacts[0]?.email ?? ''),
    smsToken: await codeSentTo(served, contacts[0]?.phone ?? ''),
  });
  await served.db.query(
    sql`update registrations set metadata = ${JSON.stringify({
      completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
      serviceDetails,
    })} where id = ${registrationId}`,
  );
  for (const documentType of documents) {
    await served.db.query(sql`insert into registration_documents (registration_id, document_type, file_path, content_type, size_bytes)
       values (${registrationId}, ${documentType}, ${`${registrationId}/${documentType}.pdf`}, 'application/pdf', 100)`);
  }
  await post('create-client', { registrationId });
  const { paymentId } = await post(
    'create-revolut-payment',
    testDepositRequest(registrationId, Number(serviceDetails.setupFee)),
  );
  await form('sandbox-checkout-submit', {
    payment: String(paymentId),
    decision: 'pay',
    card: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
  });
  await post('create-contract', { registrationId });

  const { rows } = await served.db.query<{ registration_code: string; email: string }>(
    sql`select registration_code, email from registrations where id = ${registrationId}`,
  );
  const { rows: links } = await served.db.query<{
    recipient: string;
    body: string;
  }>(sql`select recipient, body from outbox
     where (subject like 'Contrato para firmar%' or subject like 'Contract to sign%') and body like ${`%${rows[0]?.registration_code}%`} order by id`);
  const tokens = {
    Cliente: /token=([A-Za-z0-9_-]+)/.exec(links[0]?.body ?? '')?.[1] ?? '',
    Empresa: /token=([A-Za-z0-9_-]+)/.exec(links[1]?.body ?? '')?.[1] ?? '',
  };
  return {
    registrationId,
    registrationCode: rows[0]?.registration_code ?? '',
    post,
    /** Signs as the party from its e-mailed link; returns the page the signer sees. */
    sign: (role: 'Cliente' | 'Empresa', name = role === 'Cliente' ? String(applicant.fullName) : 'Trasteros Demo') =>
      form('esign-submit', { token: tokens[role], decision: 'sign', name, consent: 'yes' }),
    decline: (role: 'Cliente' | 'Empresa') => form('esign-submit', { token: tokens[role], decision: 'decline' }),
  };
}

/**
 * A paid applicant left without a unit, as before deposits held units (or by a desk mistake):
 * the units held for the registration are let to someone outside the system. Returns them.
 */
export async function loseHeldUnits(served: Served, registrationId: string): Promise<string[]> {
  const { rows } = await served.db.query<{
    unit_number: string;
  }>(sql`update units set status = 'occupied', registration_id = null
     where registration_id = ${registrationId} and status = 'held' and offer_id is null returning unit_number`);
  return rows.map((row) => row.unit_number);
}

/**
 * The company signs by hand from here to the end of the test (its e-mailed link, or the back-office
 * after approving the documents), as with the manager's automatic signature off. Before the
 * contract is made: with the setting off, the company's link is e-mailed.
 */
export async function companySignsByHand(served: Served): Promise<void> {
  await served.db.query(sql`update signing_settings set auto_countersign = false`);
  onTestFinished(async () => {
    await served.db.query(sql`update signing_settings set auto_countersign = true`);
  });
}
