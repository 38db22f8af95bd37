import { testDepositRequest } from 'shared-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from './platform/db/sql';
import { TEST_APPLICANT } from './testing/applicant';
import { cookieJar } from './testing/cookie-jar';
import { databaseEngines } from './testing/databases';
import { servedOn, TEST_ADMIN } from './testing/service';

/**
 * Bad input never costs a 5xx and never writes: every JSON function × every field of a valid
 * body × values that once reached the database (a NUL byte, a 10 kB string, 2^31, 1e308, a
 * wrong type) answers 4xx with a JSON `{ error }`, and no table changes.
 */
const WRONG_TYPE = Symbol('wrong type');
const BAD_VALUES: [string, unknown][] = [
  ['NUL byte', 'abc\u0000def'],
  ['10 kB string', 'x'.repeat(10_000)],
  ['2^31', 2 ** 31],
  ['1e308', 1e308],
  ['wrong type', WRONG_TYPE],
];
/** An object where a value is expected, text where an object is. */
const wrongTypeFor = (original: unknown) =>
  original && typeof original === 'object' ? 'not an object' : { nested: true };

describe.each(databaseEngines())('malformed input to every function on $name', (engine) => {
  const served = servedOn(engine);
  const browser = cookieJar();
  let registrationId = '';
  let token = '';
  let userId = '';

  const post = async (name: string, body: unknown) => {
    const res = await browser.fetch(served.service.url(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text };
  };

  beforeAll(async () => {
    const created = await post('registration-handler', { action: 'create_registration', ...TEST_APPLICANT });
    registrationId = (JSON.parse(created.text) as { registrationId: string }).registrationId;
    const login = await post('abridor', {
      action: 'login',
      usuario: TEST_ADMIN.usuario,
      contraseña: TEST_ADMIN.contraseña,
    });
    token = (JSON.parse(login.text) as { token: string }).token;
    const { rows } = await served.db.query<{ id: string }>(sql`select id::text as id from door_users limit 1`);
    userId = rows[0]?.id ?? '';
  });

  /** A valid body per function and action; each field is then spoiled in turn. */
  const bodies = (): [string, Record<string, unknown>][] => {
    const id = { registrationId };
    const client = { ...TEST_APPLICANT };
    return [
      ['registration-handler', { action: 'update_field', ...id, field: 'city', value: 'Ronda' }],
      ['registration-handler', { action: 'check_existing', email: client.email, phone: client.phone }],
      ['registration-handler', { action: 'create_registration', ...client, email: 'fuzz@example.com' }],
      ['registration-handler', { action: 'verify_tokens', ...id, emailToken: '123456', smsToken: '' }],
      [
        'registration-handler',
        { action: 'resend_verification', ...id, email: client.email, phone: client.phone, type: 'email' },
      ],
      ['registration-handler', { action: 'get_registration_status', recoveryCode: 'ABCDEF' }],
      ['registration-handler', { action: 'confirm_recovery', ...id, recoveryCode: 'ABCDEF', code: '123456' }],
      ['registration-handler', { action: 'get_registration_with_documents', ...id }],
      [
        'registration-handler',
        {
          action: 'update_registration',
          ...id,
          ...client,
          emailVerified: false,
          phoneVerified: false,
          metadata: {
            completedSections: { clientData: true },
            serviceDetails: {
              productId: '202',
              productName: 'Trastero 3 m³',
              period: 'monthly',
              setupFee: 0,
              recurringFee: 0,
              numberProductsRequired: 1,
            },
          },
          globalStatus: 'in_progress',
        },
      ],
      ['registration-handler', { action: 'get_registration_code', ...id }],
      ['registration-handler', { action: 'get_resend_cooldown', ...id }],
      ['registration-handler', { action: 'check_registration_exists_by_id', ...id }],
      ['registration-handler', { action: 'check_and_set_product', ...id, productId: '202' }],
      [
        'send-waitlist-email',
        {
          fullName: 'Ana García',
          phone: '+34 600 123 456',
          email: 'ana@example.com',
          timeframe: 'asap',
          product: { pid: '206', name: 'Trastero 10 m³', numberProductsRequired: 1 },
          volumeRequested: 9.5,
          procesoParam: null,
        },
      ],
      ['create-client', id],
      ['create-contract', id],
      ['get-contract-status', id],
      ['get-payment-status', id],
      ['create-revolut-payment', testDepositRequest(registrationId)],
      ['is-session-valid', { p_registration_id: registrationId }],
      ['get-registration-global-status', id],
      ['abridor', { action: 'login', usuario: 'admin', contraseña: 'wrong-password' }],
      ['abridor', { action: 'validate_token', token }],
      ['abridor', { action: 'door_action', token, pin: '0000', door_action: 'ENTRADA' }],
      ['abridor', { action: 'change_pin', token, currentPin: '0000', newPin: '1111' }],
      ['abridor', { action: 'list_users', token }],
      [
        'abridor',
        { action: 'add_user', token, usuario: 'fuzz', pin: '1234', contraseña: 'clave-segura-tres', box: 'B-1' },
      ],
      ['abridor', { action: 'update_user', token, userId, usuario: 'admin', pin: '', contraseña: '', box: null }],
      ['abridor', { action: 'delete_user', token, userId: '999999' }],
      ['abridor', { action: 'generate_magic_token', token, target_user: userId }],
      ['abridor', { action: 'list_audit', token, limit: 20 }],
    ];
  };

  /** Every table's row count and a digest of its rows: what "nothing written" means. */
  const snapshot = async () => {
    const { rows: tables } = await served.db.query<{ name: string }>(
      sql`select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const state: Record<string, string> = {};
    for (const { name } of tables) {
      // Sessions are refreshed by reads (last_seen_at): their count is what matters.
      const digest =
        name === 'registration_sessions'
          ? sql`count(*)::text`
          : sql`md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`;
      const { rows } = await served.db.query<{ d: string }>(sql`select ${digest} as d from ${sql.identifier(name)} t`);
      state[name] = rows[0]?.d ?? '';
    }
    return state;
  };

  it('answers 4xx JSON for every spoiled field and writes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [name, body] of bodies()) {
      const fields = Object.keys(body).filter((field) => field !== 'action');
      const nested = Object.entries(body)
        .filter(([, value]) => value && typeof value === 'object')
        .flatMap(([field, value]) => Object.keys(value as object).map((inner) => [field, inner] as const));
      const spoilings: [string, (bad: unknown) => Record<string, unknown>][] = [
        ...fields.map(
          (field) =>
            [field, (bad: unknown) => ({ ...body, [field]: bad === WRONG_TYPE ? wrongTypeFor(body[field]) : bad })] as [
              string,
              (bad: unknown) => Record<string, unknown>,
            ],
        ),
        ...nested.map(
          ([outer, inner]) =>
            [
              `${outer}.${inner}`,
              (bad: unknown) => {
                const original = (body[outer] as Record<string, unknown>)[inner];
                return {
                  ...body,
                  [outer]: { ...(body[outer] as object), [inner]: bad === WRONG_TYPE ? wrongTypeFor(original) : bad },
                };
              },
            ] as [string, (bad: unknown) => Record<string, unknown>],
        ),
      ];
      for (const [field, spoil] of spoilings) {
        for (const [label, bad] of BAD_VALUES) {
          const { status, text } = await post(name, spoil(bad));
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // reported below
          }
          const hasError = typeof (json as { error?: unknown } | null)?.error === 'string';
          if (status < 400 || status >= 500 || !hasError) {
            failures.push(`${name} ${String(body.action ?? '')} ${field} ← ${label}: ${status} ${text.slice(0, 80)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('answers 4xx JSON for NUL bytes and huge numbers in query strings', async () => {
    for (const query of ['accion=ListarProductos&m3=1e308', 'accion=ListarProductos&m3=%00', 'accion=Listar%00']) {
      const res = await fetch(served.service.url(`products?${query}`));
      expect(res.status, query).toBe(400);
      expect(typeof ((await res.json()) as { error?: unknown }).error).toBe('string');
    }
    const stream = await fetch(served.service.url('realtime?registrationId=%00'));
    expect(stream.status).toBe(400);
  });
});
