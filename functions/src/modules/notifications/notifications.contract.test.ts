import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { countryList, mobileNumber, SPAIN_AND_EU } from '../../platform/phone-numbers';
import { TEST_APPLICANT } from '../../testing/applicant';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { recipientKey } from './recipient-budget';

const HOUR = 3_600_000;

/** Abuse (#31) 4: a stranger's requests cannot bomb an inbox or a phone, nor text premium numbers. */
describe.each(databaseEngines())('messages strangers may cause, on $name', (engine) => {
  const served = servedOn(engine, {
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    EMAILS_PER_RECIPIENT_HOUR: '8',
    EMAILS_PER_RECIPIENT_DAY: '20',
    SMS_PER_RECIPIENT_HOUR: '4',
    SMS_PER_RECIPIENT_DAY: '10',
  });
  const create = (email: string, phone: string, extra: Record<string, unknown> = {}) =>
    fetch(served.service.url('registration-handler'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_registration', ...TEST_APPLICANT, email, phone, ...extra }),
    });
  const count = async (recipient: string) => (await served.service.sentTo(recipient)).length;

  it('twenty sign-ups with a victim’s e-mail and random phones put 8 e-mails in the inbox this hour, 20 a day', async () => {
    const victim = 'victim@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await create(victim, `+34 61${String(i).padStart(7, '0')}`, { startNew: true });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    expect(await count(victim)).toBe(8);
    // Tagged, the same inbox: no fresh budget.
    expect((await create('Victim+9@example.com', '+34 699 000 009', { startNew: true })).status).toBe(429);
    // A refused sign-up left nothing behind: no registration, no text to the random phone.
    expect(await count('+34610000019')).toBe(0);
    const { rows } = await served.db.query<{ n: number }>(
      sql`select count(*)::int as n from registrations where email = ${victim}`,
    );
    expect(rows[0]?.n).toBe(8);

    // Another address is untouched; an hour later the victim's budget has room again, up to the day's.
    expect((await create('someone.else@example.com', '+34 622 000 001')).status).toBe(200);
    for (let hour = 1; hour <= 3; hour++) {
      served.service.ctx.adjustableClock?.advance(HOUR + 1000);
      for (let i = 0; i < 8; i++) await create(victim, `+34 63${hour}${String(i).padStart(6, '0')}`);
    }
    expect(await count(victim)).toBe(20);
    served.service.ctx.adjustableClock?.advance(24 * HOUR);
    expect((await create(victim, '+34 644 000 001')).status).toBe(200);
  });

  it('one phone gets 4 codes an hour whoever asks', async () => {
    const phone = '+34 655 000 111';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(`sms${i}@example.com`, phone, { startNew: true })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await count('+34655000111')).toBe(4);
  });

  it('codes go only to mobile numbers of the allowed countries', async () => {
    const refused = async (phone: string) => {
      const res = await create(`p${Math.random()}@example.com`, phone);
      return { status: res.status, body: (await res.json()) as { code?: string; fields?: Record<string, string> } };
    };
    for (const phone of [
      '+34 912 345 678',
      '+44 20 7946 0000',
      '+882 1234 5678',
      '+1 900 555 0100',
      '+34 803 123 456',
    ]) {
      const answer = await refused(phone);
      expect(answer.status, phone).toBe(400);
      expect(answer.body.code, phone).toBe('phone_not_mobile');
      expect(answer.body.fields?.phone, phone).toContain('mobile');
    }
    expect((await create('fr@example.com', '+33 6 12 34 56 78')).status).toBe(200);
    expect(await count('+33612345678')).toBe(1);
  });
});

describe('one inbox or phone, however typed', () => {
  it('counts tagged, dotted and differently written addresses as the one they reach', () => {
    expect(recipientKey('email', ' Victim+1@Example.com')).toBe('victim@example.com');
    expect(recipientKey('email', 'v.i.c.t.i.m+x@gmail.com')).toBe('victim@gmail.com');
    expect(recipientKey('email', 'v.ictim@example.com')).toBe('v.ictim@example.com');
    expect(recipientKey('sms', '612 345 678')).toBe(recipientKey('sms', '+34612345678'));
  });
});

describe('mobile numbers', () => {
  it('accepts Spanish and EU mobiles in E.164, refuses landlines, premium ranges and other countries', () => {
    expect(mobileNumber('612 345 678', SPAIN_AND_EU)).toBe('+34612345678');
    expect(mobileNumber('+34 712-345-678', SPAIN_AND_EU)).toBe('+34712345678');
    expect(mobileNumber('+49 151 23456789', SPAIN_AND_EU)).toBe('+4915123456789');
    expect(mobileNumber('+34 952 000 000', SPAIN_AND_EU)).toBeNull();
    expect(mobileNumber('+34 905 123 456', SPAIN_AND_EU)).toBeNull();
    expect(mobileNumber('+44 7400 123456', SPAIN_AND_EU)).toBeNull();
    expect(mobileNumber('+44 7400 123456', countryList('es, gb'))).toBe('+447400123456');
    expect(mobileNumber('+34 600', SPAIN_AND_EU)).toBeNull();
  });
});
