// Sign-ups at once (#35): N applicants (100 by default: BENCH_SIGNUPS, or the first argument), each
// from an address of their own, sign up at the same moment through the gateway, each doing the calls
// its browser makes one after the other: the client data, both codes (read from the development
// outbox), the three documents uploaded (multipart), the product chosen, the client, the deposit paid
// in the sandbox checkout, the contract made and signed by the applicant (the company countersigns by
// itself). Journeys completed or failed, and each call's p50/p99/max; the goal is no error and every
// call's p99 at most 300 ms. `node scripts/bench-signups.mjs [N] [--postgres]`.
//
// The demo catalogue has 72 free units and no back-office action adds one (set_unit_service only
// takes a free unit out of service and back), so the bench prepares the database itself: an embedded
// database in a temporary folder (or, with --postgres, a throwaway PostgreSQL 15 cluster, the one the
// tests start), migrated by the functions' own code, with units added where a product has fewer free
// ones than the applicants sent to it, before the service starts on it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile, ROOT } from './lib.mjs';

export const SIGNUPS_HEADING = '## Sign-ups at once';
const GOAL_P99_MS = 300;
/** How long a journey waits for a message to reach the outbox (it is written with the request). */
const OUTBOX_WAIT_MS = 10_000;
const CALL_TIMEOUT_MS = 60_000;
/** What marks the calls a browser never makes: the bench reading what the applicant received. */
const HARNESS = 'outbox (the bench reads the inbox)';

/**
 * Whole, real files, as the journeys upload them (the server re-encodes images and reads every PDF
 * object): 4×3 red pixels; one blank A4 page.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHRww4OQD1xwwx6wqgCwAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA1OTUgODQyXSA+PgplbmRvYmoKeHJlZgowIDQKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDE1IDAwMDAwIG4gCjAwMDAwMDAwNjQgMDAwMDAgbiAKMDAwMDAwMDEyMSAwMDAwMCBuIAp0cmFpbGVyCjw8IC9TaXplIDQgL1Jvb3QgMSAwIFIgPj4Kc3RhcnR4cmVmCjE5MgolJUVPRgo=',
  'base64',
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applicant i: their own e-mail, mobile phone, DNI (its check letter right) and address; the test
 * applicant's street and IBAN.
 * @param {number} i
 */
export function applicantOf(i) {
  const number = 20_000_000 + i;
  const digits = `6${String(i).padStart(8, '0')}`;
  const n = i + 1;
  return {
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    data: {
      clientType: 'individual',
      fullName: 'Ana García',
      companyName: '',
      documentType: 'dni',
      documentNumber: `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`,
      cif: '',
      email: `solicitante.${i}@example.com`,
      phone: `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
      address: 'Calle Real 1',
      city: 'Ronda',
      postalCode: '29400',
      iban: 'ES91 2100 0418 4502 0005 1332',
    },
  };
}

/**
 * Migrates the database (an embedded one in `database.pgliteDir`, or PostgreSQL at
 * `database.url`) with the functions' own code and gives every stock-controlled product at least
 * as many free units as the applicants the bench sends to it (applicant i to the i-th product by
 * number, round the list). Returns those products' numbers.
 * @param {{ pgliteDir: string } | { url: string }} database
 * @param {number} count
 * @returns {{ products: number[], unitsAdded: number }}
 */
export function prepareSignupDatabase(database, count) {
  const module = (file) => JSON.stringify(pathToFileURL(path.join(ROOT, 'functions/src/platform/db', file)).href);
  const script = `
    const { openPglite } = await import(${module('pglite.ts')});
    const { openPostgres } = await import(${module('postgres.ts')});
    const { migrate } = await import(${module('migrate.ts')});
    const db = process.env.BENCH_DATABASE_URL
      ? await openPostgres(process.env.BENCH_DATABASE_URL)
      : await openPglite(process.env.BENCH_PGLITE_DIR);
    await migrate(db);
    const count = Number(process.env.BENCH_SIGNUPS_COUNT);
    const query = async (text, values = []) => (await db.query({ text, values })).rows;
    const products = await query(\`select p.pid, p.gid, s.stock from products p join product_stock s using (pid)
       where p.stock_control and p.monthly >= 0 order by p.pid\`);
    const last = new Map((await query(\`select left(unit_number, 1) as letter,
       max(substring(unit_number from 3)::integer) as n from units group by 1\`)).map((r) => [r.letter, r.n]));
    let unitsAdded = 0;
    for (const [k, product] of products.entries()) {
      const share = Math.floor(count / products.length) + (k < count % products.length ? 1 : 0);
      const letter = product.gid === 1 ? 'A' : product.gid === 2 ? 'B' : 'C';
      for (let added = 0; added < share - product.stock; added += 1) {
        const n = (last.get(letter) ?? 0) + 1;
        last.set(letter, n);
        await query("insert into units (unit_number, product_id, status) values ($1, $2, 'available')", [
          letter + '-' + String(n).padStart(3, '0'),
          product.pid,
        ]);
        unitsAdded += 1;
      }
    }
    await db.close();
    console.log(JSON.stringify({ products: products.map((p) => p.pid), unitsAdded }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...('url' in database ? { BENCH_DATABASE_URL: database.url } : { BENCH_PGLITE_DIR: database.pgliteDir }),
      BENCH_SIGNUPS_COUNT: String(count),
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

/** Each call's latencies by name, in the order first made. */
function callLog() {
  /** @type {Map<string, { ms: number[], failed: number }>} */
  const calls = new Map();
  return {
    calls,
    /**
     * @param {string} name
     * @param {number} ms
     * @param {boolean} ok
     */
    record(name, ms, ok) {
      const entry = calls.get(name) ?? { ms: [], failed: 0 };
      entry.ms.push(ms);
      if (!ok) entry.failed += 1;
      calls.set(name, entry);
    },
  };
}

/**
 * One applicant's browser: their address on every call (the gateway believes a loopback proxy's
 * X-Forwarded-For), their cookies kept and sent back, each call timed to its last byte.
 * @param {string} gatewayUrl
 * @param {string} ip
 * @param {ReturnType<typeof callLog>} log
 */
function browser(gatewayUrl, ip, log) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /**
   * @param {string} name what the call is called in the figures
   * @param {string} target the path under /functions/v1/
   * @param {RequestInit & { stream?: boolean }} [init]
   */
  async function call(name, target, init = {}) {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', ip);
    headers.set('sec-fetch-site', 'same-origin');
    if ((init.method ?? 'GET') !== 'GET') headers.set('origin', gatewayUrl);
    if (cookies.size) headers.set('cookie', [...cookies].map(([key, value]) => `${key}=${value}`).join('; '));
    const started = performance.now();
    /** @type {Response} */
    let res;
    let text = '';
    try {
      res = await fetch(`${gatewayUrl}/functions/v1/${target}`, {
        ...init,
        headers,
        redirect: 'manual',
        signal: init.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      if (!init.stream) text = await res.text();
    } catch (error) {
      log.record(name, performance.now() - started, false);
      throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    log.record(name, performance.now() - started, res.ok);
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const key = pair.slice(0, at).trim();
      if (/;\s*max-age=0/i.test(line) || at === pair.length - 1) cookies.delete(key);
      else cookies.set(key, pair.slice(at + 1));
    }
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return { res, text };
  }
  /**
   * @param {string} name
   * @param {string} target
   * @param {unknown} body
   */
  const post = async (name, target, body) =>
    JSON.parse(
      (
        await call(name, target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).text,
    );
  /**
   * A registration-handler action, named by it in the figures.
   * @param {string} action
   * @param {object} payload
   */
  const action = (action, payload) =>
    post(`registration-handler · ${action}`, 'registration-handler', { action, ...payload });
  /**
   * A form the browser posts from a page (the checkout, the signing page).
   * @param {string} name
   * @param {string} target
   * @param {Record<string, string>} fields
   */
  const form = async (name, target, fields) =>
    (await call(name, target, { method: 'POST', body: new URLSearchParams(fields) })).text;
  /**
   * The newest outbox messages to a recipient, read again until `pick` finds something in one.
   * @template T
   * @param {string} recipient
   * @param {(message: { subject?: string, body: string }) => T | undefined} pick
   * @returns {Promise<T>}
   */
  async function received(recipient, pick) {
    const until = performance.now() + OUTBOX_WAIT_MS;
    for (;;) {
      const { text } = await call(HARNESS, `outbox?recipient=${encodeURIComponent(recipient)}&limit=5`);
      const found = JSON.parse(text).messages.map(pick).find(Boolean);
      if (found) return found;
      if (performance.now() > until) throw new Error(`nothing for ${recipient} in the outbox`);
      await sleep(100);
    }
  }
  return { call, post, action, form, received };
}

/**
 * One sign-up from the client data to the applicant's signature, as the sign-up pages call it.
 * @param {string} gatewayUrl
 * @param {number} i
 * @param {number} productId
 * @param {ReturnType<typeof callLog>} log
 */
async function signUp(gatewayUrl, i, productId, log) {
  const { ip, data } = applicantOf(i);
  const b = browser(gatewayUrl, ip, log);
  const codeIn = (/** @type {{ body: string }} */ m) => /\b(\d{6})\b/.exec(m.body)?.[1];

  // Client data, then the verification step: is there one already, the registration, its codes.
  const { exists } = await b.action('check_existing', { email: data.email, phone: data.phone });
  if (exists) throw new Error('check_existing: a registration exists already');
  const { registrationId } = await b.action('create_registration', { ...data, language: 'es' });
  await b.action('get_resend_cooldown', { registrationId });
  const emailToken = await b.received(data.email, codeIn);
  const smsToken = await b.received(data.phone.replace(/\s+/g, ''), codeIn);
  await b.action('verify_tokens', { registrationId, emailToken, smsToken });
  const verified = (await b.action('get_registration_with_documents', { registrationId })).registration;
  if (!verified.email_verified || !verified.phone_verified) throw new Error('verify_tokens: not verified');
  const draft = {
    registrationId,
    ...data,
    emailVerified: true,
    phoneVerified: true,
    globalStatus: 'in_progress',
  };
  const sections = { clientData: true, verification: true, documents: false, serviceDetails: false };
  await b.action('update_registration', { ...draft, metadata: { completedSections: sections, serviceDetails: null } });

  // Documents: the step reads what is there, then the three files, one after the other.
  await b.action('get_registration_with_documents', { registrationId });
  /** @type {[string, Buffer<ArrayBuffer>, string, string][]} */
  const files = [
    ['frontId', PNG, 'front.png', 'image/png'],
    ['backId', PNG, 'back.png', 'image/png'],
    ['bankDocument', PDF, 'bank.pdf', 'application/pdf'],
  ];
  for (const [documentType, bytes, fileName, type] of files) {
    const upload = new FormData();
    upload.set('registrationId', registrationId);
    upload.set('documentType', documentType);
    upload.set('file', new Blob([bytes], { type }), fileName);
    await b.call('upload-document', 'upload-document', { method: 'POST', body: upload });
  }
  sections.documents = true;
  await b.action('update_registration', { ...draft, metadata: { completedSections: sections, serviceDetails: null } });

  // The service: the catalogue for this sign-up, a product picked (saved), then Next (saved).
  const listed = JSON.parse(
    (await b.call('products', `products?accion=ListarProductos&lang=es&proceso=${registrationId}`)).text,
  );
  const products = [listed.products?.product ?? []].flat();
  const product = products.find((p) => Number(p.pid) === productId);
  if (!product) throw new Error(`products: product ${productId} not listed`);
  if (product.stockcontrol && product.stocklevel < product.numberProductsRequired) {
    throw new Error(`products: product ${productId} sold out`);
  }
  const units = Math.min(product.numberProductsRequired, 3);
  const serviceDetails = {
    productId: String(product.pid),
    productName: product.name,
    period: 'monthly',
    // The product's deposit, or an individual's default when it sets none (shared-api's depositFor).
    setupFee: Number(product.pricing.EUR.msetupfee) > 0 ? Number(product.pricing.EUR.msetupfee) : 150,
    recurringFee: Number(product.pricing.EUR.monthly) * units,
    numberProductsRequired: units,
  };
  await b.action('update_registration', { ...draft, metadata: { completedSections: sections, serviceDetails } });
  sections.serviceDetails = true;
  await b.action('update_registration', { ...draft, metadata: { completedSections: sections, serviceDetails } });

  // The review: the draft, the registration code, the three states, and the live stream of changes.
  const review = await b.action('get_registration_with_documents', { registrationId });
  const metadata =
    typeof review.registration.metadata === 'string'
      ? JSON.parse(review.registration.metadata)
      : review.registration.metadata;
  const deposit = Number(metadata?.serviceDetails?.setupFee);
  await b.action('get_registration_code', { registrationId });
  await b.post('get-payment-status', 'get-payment-status', { registrationId });
  await b.post('get-contract-status', 'get-contract-status', { registrationId });
  await b.post('get-registration-global-status', 'get-registration-global-status', { registrationId });
  const live = new AbortController();
  const { res: stream } = await b.call('realtime (stream opened)', `realtime?registrationId=${registrationId}`, {
    stream: true,
    signal: live.signal,
    headers: { accept: 'text/event-stream' },
  });
  const streaming = stream.body?.pipeTo(new WritableStream()).catch(() => {});
  try {
    await b.post('create-client', 'create-client', { registrationId });
    const payment = await b.post('create-revolut-payment', 'create-revolut-payment', {
      registrationId,
      amount: deposit,
      currency: 'EUR',
      description: `Fianza ${serviceDetails.productName}`,
      fianzaType: 'monthly',
      paymentMethod: { type: 'card' },
      returnPath: '/es/alta/revision',
    });
    // The checkout opens in a new window, on this origin: its page, then the card.
    const checkout = new URL(payment.checkoutUrl ?? payment.checkout_url);
    await b.call('sandbox-checkout (page)', `${checkout.pathname.replace('/functions/v1/', '')}${checkout.search}`);
    const paid = await b.form('sandbox-checkout-submit', 'sandbox-checkout-submit', {
      payment: String(payment.paymentId),
      decision: 'pay',
      card: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    if (!/Pago completado/.test(paid)) throw new Error('sandbox-checkout-submit: the payment did not complete');
    await b.post('get-payment-status', 'get-payment-status', { registrationId });

    await b.post('create-contract', 'create-contract', { registrationId });
    await b.post('get-contract-status', 'get-contract-status', { registrationId });
    // The applicant's signing link, from their inbox; the signing page, then the signature.
    const token = await b.received(data.email, (/** @type {{ subject?: string, body: string }} */ m) =>
      /^(Contrato para firmar|Contract to sign)/.test(m.subject ?? '')
        ? /esign\?token=([A-Za-z0-9_-]+)/.exec(m.body)?.[1]
        : undefined,
    );
    await b.call('esign (signing page)', `esign?token=${token}`);
    await b.form('esign-submit', 'esign-submit', { token, decision: 'sign', name: data.fullName, consent: 'yes' });
    const signed = await b.post('get-contract-status', 'get-contract-status', { registrationId });
    if (signed.submitters?.find((s) => s.role === 'Cliente')?.status !== 'completed') {
      throw new Error('esign-submit: the applicant’s signature was not recorded');
    }
    const status = await b.post('get-registration-global-status', 'get-registration-global-status', {
      registrationId,
    });
    return { completedContract: status.globalStatus === 'completed', moveIn: status.moveIn?.status ?? null };
  } finally {
    live.abort();
    await streaming;
  }
}

/**
 * N sign-ups started at once through the gateway, applicant i sent to `products[i % length]`.
 * @param {string} gatewayUrl
 * @param {{ count: number, products: number[] }} options
 */
export async function measureSignups(gatewayUrl, { count, products }) {
  // One sign-up alone first, in no figure: the services load their code and the JIT warms. It is
  // applicant N, so the database needs units for N + 1.
  await signUp(gatewayUrl, count, products[count % products.length] ?? 0, callLog()).catch((error) => {
    throw new Error(`the warm-up sign-up failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  const log = callLog();
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => signUp(gatewayUrl, i, products[i % products.length] ?? 0, log)),
  );
  const seconds = (performance.now() - started) / 1000;
  const done = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  const errors = outcomes.flatMap((o, i) =>
    o.status === 'rejected' ? [`#${i}: ${o.reason instanceof Error ? o.reason.message : String(o.reason)}`] : [],
  );
  const calls = [...log.calls].map(([name, { ms, failed }]) => ({
    name,
    count: ms.length,
    failed,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: Math.max(...ms),
  }));
  const browserCalls = calls.filter((c) => c.name !== HARNESS);
  const slowest = browserCalls.reduce(
    (a, b) => (a === undefined || b.p99 > a.p99 ? b : a),
    /** @type {(typeof calls)[number] | undefined} */ (undefined),
  );
  return {
    count,
    seconds,
    completed: done.length,
    failed: errors.length,
    errors,
    contractsCompleted: done.filter((d) => d.completedContract).length,
    allocated: done.filter((d) => d.moveIn === 'allocated').length,
    calls,
    slowest: { name: slowest?.name ?? '', p99: slowest?.p99 ?? Number.NaN },
  };
}

/** @param {Awaited<ReturnType<typeof runSignupsBench>>} r */
export function formatSignups(r) {
  if ('skipped' in r) return `Not measured: ${r.skipped}.`;
  const ms = (value) => `${value.toFixed(0)} ms`;
  // Each engine's tables their own headings: the report compares a row with the same table's.
  const on = r.engine === 'postgres' ? ', on PostgreSQL' : '';
  return [
    `| ${r.count} sign-ups at once through the gateway, each from its own address${on} | calls | refused | p50 | p99 | max |`,
    '|---|---|---|---|---|---|',
    ...r.calls.map((c) => `| ${c.name} | ${c.count} | ${c.failed} | ${ms(c.p50)} | ${ms(c.p99)} | ${ms(c.max)} |`),
    '',
    `| sign-ups${on} | figure |`,
    '|---|---|',
    `| journeys completed / failed (to the applicant's signature) | ${r.completed} / ${r.failed} |`,
    `| contracts completed (both signatures) / units allocated | ${r.contractsCompleted} / ${r.allocated} |`,
    `| all journeys, start to last | ${r.seconds.toFixed(1)} s |`,
    `| slowest call's p99 (goal ≤ ${GOAL_P99_MS} ms, the outbox reads aside) | ${r.slowest.name}: ${ms(r.slowest.p99)} |`,
    ...r.errors.slice(0, 5).map((error) => `| failure | ${error.replaceAll('|', '\\|').replaceAll('\n', ' ')} |`),
  ].join('\n');
}

/**
 * The whole measure on a stack of its own (ports 29xxx), its database prepared first; stopped after.
 * `postgres`: on a throwaway PostgreSQL 15 cluster of this machine's (several connections, where the
 * embedded database has one), or `{ skipped }` when there is none.
 * @param {number} count
 * @param {'pglite' | 'postgres'} [engine]
 */
export async function runSignupsBench(count, engine = 'pglite') {
  const { startStack } = await import('./stack.mjs');
  /** @type {{ url: string, stop(): void } | null} */
  let cluster = null;
  if (engine === 'postgres') {
    const { tsImport } = await import('tsx/esm/api');
    const { startThrowawayCluster } = await tsImport('../functions/src/testing/postgres-cluster.ts', import.meta.url);
    const started = await startThrowawayCluster();
    if ('skipped' in started) return { skipped: String(started.skipped) };
    cluster = started;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-signups-'));
  try {
    const database = cluster ? { url: cluster.url } : { pgliteDir: path.join(folder, 'pglite') };
    const prepared = prepareSignupDatabase(database, count + 1);
    console.log(
      `${count} sign-ups (and one to warm up) on ${cluster ? 'PostgreSQL' : 'PGlite'} over products ${prepared.products.join(', ')}: ${prepared.unitsAdded} units added to the demo's`,
    );
    const stack = await startStack({
      gatewayPort: 29180,
      functionsPort: 29887,
      remotePortBase: 29100,
      quiet: true,
      env: {
        ...(cluster ? { DATABASE_URL: cluster.url } : { PGLITE_DATA_DIR: path.join(folder, 'pglite') }),
        DOCUMENTS_DIR: path.join(folder, 'documents'),
        DEV_OUTBOX: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The applicants' addresses are the X-Forwarded-For the bench sends from this machine.
        GATEWAY_TRUST_PROXY: 'loopback',
        BACKOFFICE_MANAGER_EMAIL: 'gerencia@bench.example',
        BACKOFFICE_MANAGER_PASSWORD: 'bench-manager-pass-1',
        DOOR_ADMIN_PASSWORD: 'bench-admin-pass-1',
        DOOR_ADMIN_PIN: '2468',
        DOOR_PIN_PEPPER: 'bench-pepper-0123456789abcdef0123456789abcdef',
      },
    });
    try {
      return { engine, ...(await measureSignups(stack.gatewayUrl, { count, products: prepared.products })) };
    } finally {
      // Stopped before its folder goes: the database writes its last pages on the way out.
      const exited = stack.children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? Promise.resolve()
          : new Promise((resolve) => child.once('exit', resolve)),
      );
      stack.stop();
      await Promise.all(exited);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    cluster?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ensureInstalled, onSupportedNode } = await import('./lib.mjs');
  ensureInstalled();
  onSupportedNode();
  const args = process.argv.slice(2);
  const engine = args.includes('--postgres') ? 'postgres' : 'pglite';
  const given = args.find((arg) => !arg.startsWith('--'));
  const count = Number(given ?? process.env.BENCH_SIGNUPS ?? 100);
  if (!Number.isInteger(count) || count < 1) throw new Error(`not a number of sign-ups: ${given}`);
  console.log(formatSignups(await runSignupsBench(count, engine)));
}
