import { APPLICANT_SESSION_REQUIRED } from 'shared-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_ALPHABET } from '../../modules/sign-up';
import { sql } from '../../platform/db/sql';
import { addDays, madridDate } from '../../platform/madrid-time';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { TEST_SERVICE } from '../../testing/sign-up';
import { setAvailableUnits } from '../../testing/units';

const applicant = TEST_APPLICANT;

const sections = { clientData: true, verification: false, documents: false, serviceDetails: false };

describe.each(databaseEngines())('registration-handler on $name', (engine) => {
  const served = servedOn(engine);
  /** The applicant's browser: it holds the registration's session cookie. */
  const browser = cookieJar();
  beforeEach(async () => {
    browser.clear();
    await served.db.query(sql`delete from registrations`);
    await served.db.query(sql`delete from registration_code_lookups`);
    await served.db.query(sql`delete from outbox`);
  });

  const call = async (action: string, payload: Record<string, unknown>) => {
    const res = await browser.fetch(served.service.url('registration-handler'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, ...payload }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
  };

  /** The last code a person would have received on a channel. */
  const lastCode = async (recipient: string) => {
    const { rows } = await served.db.query<{ body: string }>(
      sql`select body from outbox where recipient = ${recipient} order by id desc limit 1`,
    );
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };

  const register = async (overrides: Record<string, unknown> = {}) => {
    const { status, body } = await call('create_registration', { ...applicant, ...overrides });
    expect(status).toBe(200);
    return String(body.registrationId);
  };

  const record = async (registrationId: string) =>
    (await call('get_registration_with_documents', { registrationId })).body.registration as Record<string, unknown>;

  const backdateCode = (registrationId: string, column: 'expires_at' | 'sent_at', minutes: number) =>
    served.db.query(
      sql`update registration_verifications set ${sql.identifier(column)} = now() - make_interval(mins => ${minutes})
        where registration_id = ${registrationId}`,
    );

  describe('create_registration', () => {
    it('stores the normalised data under a UUID with a 6-character code, and sends both codes', async () => {
      const id = await register();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await record(id)).toMatchObject({
        id,
        full_name: 'Ana García',
        phone: '+34600123456',
        iban: 'ES9121000418450200051332',
        email_verified: false,
        phone_verified: false,
        global_status: 'in_progress',
        metadata: { completedSections: { clientData: true } },
      });
      const { body } = await call('get_registration_code', { registrationId: id });
      expect(String(body.registrationCode)).toMatch(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{6}$`));
      expect(await lastCode('ana@example.com')).toMatch(/^\d{6}$/);
      expect(await lastCode('+34600123456')).toMatch(/^\d{6}$/);
      // Only hashes are stored.
      const stored = await served.db.query<{ code_hash: string }>(
        sql`select code_hash from registration_verifications`,
      );
      expect(stored.rows).toHaveLength(2);
      expect(stored.rows.map((r) => r.code_hash)).not.toContain(await lastCode('ana@example.com'));
    });

    it('writes the codes in the language the applicant signs up in, alone', async () => {
      const outbox = async (recipient: string) =>
        (
          await served.db.query<{ subject: string | null; body: string; html: string | null }>(
            sql`select subject, body, html from outbox where recipient = ${recipient} order by id desc limit 1`,
          )
        ).rows[0];
      await register({ email: 'spanish@example.com', phone: '+34 600 100 001' });
      expect(await outbox('spanish@example.com')).toMatchObject({ subject: 'Código de verificación' });
      expect((await outbox('spanish@example.com'))?.body).not.toContain('Your verification code');
      await register({ email: 'english@example.com', phone: '+34 600 100 002', language: 'en' });
      const mail = await outbox('english@example.com');
      expect(mail?.subject).toBe('Verification code');
      expect(mail?.body).toMatch(/^Your verification code: \d{6}\n/);
      expect(mail?.body).not.toContain('Tu código');
      // The HTML part says the same, in the same language alone.
      expect(mail?.html).toContain('lang="en"');
      expect(mail?.html).toContain(/\d{6}/.exec(mail?.body ?? '')?.[0]);
      expect(mail?.html).not.toContain('Tu código');
      expect((await outbox('+34600100002'))?.body).toMatch(/^Storage: your code is \d{6}$/);
    });

    it('refuses what the browser refuses, with the message per field', async () => {
      const { status, body } = await call('create_registration', {
        ...applicant,
        documentNumber: '12345678A',
        postalCode: '2940',
        iban: 'ES9121000418450200051333',
        clientType: 'company',
      });
      expect(status).toBe(400);
      expect(body.fields).toEqual({
        documentNumber: 'Invalid DNI',
        postalCode: 'Invalid postal code',
        iban: 'Invalid IBAN',
        companyName: 'Company name is required',
        cif: 'CIF is required',
      });
    });

    it('refuses text beyond each field’s bound, and writes nothing', async () => {
      const long = await call('create_registration', { ...applicant, fullName: 'A'.repeat(121) });
      expect(long.status).toBe(400);
      expect(long.body.error).toMatch(/too long/);
      expect((await served.db.query(sql`select 1 from registrations`)).rows).toHaveLength(0);
      const id = await register();
      expect((await call('update_field', { registrationId: id, field: 'city', value: 'x'.repeat(101) })).status).toBe(
        400,
      );
      expect(await record(id)).toMatchObject({ city: 'Ronda' });
      expect(
        (await call('verify_tokens', { registrationId: id, emailToken: '1'.repeat(13), smsToken: '' })).status,
      ).toBe(400);
    });

    it('accepts an NIE and a company with its CIF', async () => {
      await register({ documentType: 'nie', documentNumber: 'X1234567L' });
      await register({ clientType: 'company', companyName: 'Mudanzas Sur SL', cif: 'B 1234567 4', email: 'b@x.es' });
    });
  });

  describe('verify_tokens', () => {
    it('verifies both channels together', async () => {
      const id = await register();
      const body = {
        registrationId: id,
        emailToken: await lastCode(applicant.email),
        smsToken: await lastCode('+34600123456'),
      };
      expect((await call('verify_tokens', body)).body).toEqual({ verified: true });
      expect(await record(id)).toMatchObject({ email_verified: true, phone_verified: true });
    });

    it('verifies one channel at a time with an object answer', async () => {
      const id = await register();
      const wrong = await call('verify_tokens', { registrationId: id, emailToken: '000000', smsToken: '' });
      const right = await call('verify_tokens', {
        registrationId: id,
        emailToken: '',
        smsToken: await lastCode('+34600123456'),
      });
      expect(right.body).toEqual({ verified: { phone_verified: true } });
      const code = await lastCode(applicant.email);
      expect(wrong.body).toEqual({ verified: { email_verified: code === '000000' } });
      expect(await record(id)).toMatchObject({ phone_verified: true });
    });

    it('answers false for a wrong pair and keeps the right half', async () => {
      const id = await register();
      const sms = await lastCode('+34600123456');
      const { body } = await call('verify_tokens', {
        registrationId: id,
        emailToken: sms === '111111' ? '222222' : '111111',
        smsToken: sms,
      });
      expect(body).toEqual({ verified: false });
      expect(await record(id)).toMatchObject({ phone_verified: true });
    });

    it('refuses an expired code and locks a code after 5 wrong tries', async () => {
      const id = await register();
      const code = await lastCode(applicant.email);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        expect((await call('verify_tokens', { registrationId: id, emailToken: wrong, smsToken: '' })).status).toBe(200);
      }
      const locked = await call('verify_tokens', { registrationId: id, emailToken: code, smsToken: '' });
      expect(locked.status).toBe(429);
      await backdateCode(id, 'expires_at', 1);
      const sms = await call('verify_tokens', {
        registrationId: id,
        emailToken: '',
        smsToken: await lastCode('+34600123456'),
      });
      expect(sms).toMatchObject({
        status: 410,
        body: { error: 'The verification code has expired. Request a new one.' },
      });
    });

    it('counts a wrong code even when the other channel is refused in the same call', async () => {
      const id = await register();
      await served.db.query(
        sql`update registration_verifications set expires_at = now() - interval '1 minute' where channel = 'sms'`,
      );
      await call('verify_tokens', { registrationId: id, emailToken: '999999', smsToken: '999999' });
      const { rows } = await served.db.query<{ failed_attempts: number }>(
        sql`select failed_attempts from registration_verifications where channel = 'email'`,
      );
      // Refused as a whole (410) before anything was counted or verified.
      expect(rows[0]?.failed_attempts).toBe(0);
      expect(await record(id)).toMatchObject({ email_verified: false });
    });

    it('needs a code and an existing registration', async () => {
      const id = await register();
      expect((await call('verify_tokens', { registrationId: id, emailToken: '', smsToken: '' })).status).toBe(400);
      // Without a session of it, an id says nothing, not even whether it exists.
      const unknown = await call('verify_tokens', { registrationId: 'not-a-uuid', emailToken: '123456', smsToken: '' });
      expect(unknown).toMatchObject({ status: 401, body: { error: APPLICANT_SESSION_REQUIRED } });
    });
  });

  describe('resend_verification', () => {
    it('refuses within 120 s, then sends a new code that replaces the old one', async () => {
      const id = await register();
      const first = await lastCode(applicant.email);
      const payload = { registrationId: id, email: applicant.email, phone: applicant.phone, type: 'email' };
      const early = await call('resend_verification', payload);
      expect(early.status).toBe(429);
      expect(early.body.error).toMatch(/2 minutes/);
      await backdateCode(id, 'sent_at', 3);
      expect((await call('resend_verification', payload)).body).toEqual({ success: true });
      const second = await lastCode(applicant.email);
      if (second !== first) {
        const old = await call('verify_tokens', { registrationId: id, emailToken: first, smsToken: '' });
        expect(old.body).toEqual({ verified: { email_verified: false } });
      }
      const fresh = await call('verify_tokens', { registrationId: id, emailToken: second, smsToken: '' });
      expect(fresh.body).toEqual({ verified: { email_verified: true } });
      expect((await call('resend_verification', payload)).status).toBe(409);
    });

    it('get_resend_cooldown tells the seconds left per channel (a reloaded page counts down from it)', async () => {
      const id = await register();
      const fresh = (await call('get_resend_cooldown', { registrationId: id })).body;
      expect(fresh.email).toBeGreaterThan(110);
      expect(fresh.email).toBeLessThanOrEqual(120);
      expect(fresh.sms).toBeGreaterThan(110);
      await served.db.query(sql`update registration_verifications set sent_at = now() - interval '90 seconds'
         where registration_id = ${id} and channel = 'email'`);
      const later = (await call('get_resend_cooldown', { registrationId: id })).body;
      expect(later.email).toBeGreaterThanOrEqual(29);
      expect(later.email).toBeLessThanOrEqual(30);
      await backdateCode(id, 'sent_at', 3);
      expect((await call('get_resend_cooldown', { registrationId: id })).body).toEqual({ email: 0, sms: 0 });
    });

    it('sends an SMS to the phone on file', async () => {
      const id = await register();
      await backdateCode(id, 'sent_at', 3);
      const payload = { registrationId: id, email: 'other@x.es', phone: '+1 555', type: 'sms' };
      expect((await call('resend_verification', payload)).status).toBe(200);
      const { rows } = await served.db.query<{ recipient: string; channel: string }>(
        sql`select recipient, channel from outbox order by id desc limit 1`,
      );
      expect(rows[0]).toEqual({ recipient: '+34600123456', channel: 'sms' });
    });
  });

  describe('recovery', () => {
    it('finds the registration by its code, in any case; its own browser needs nothing more', async () => {
      const id = await register();
      const code = String((await call('get_registration_code', { registrationId: id })).body.registrationCode);
      expect((await call('get_registration_status', { recoveryCode: code.toLowerCase() })).body).toEqual({
        registrationId: id,
        confirmationRequired: false,
      });
    });

    it('on another device the code alone opens nothing: a one-time code to the contacts on file does', async () => {
      const id = await register();
      const code = String((await call('get_registration_code', { registrationId: id })).body.registrationCode);
      browser.clear();
      const found = await call('get_registration_status', { recoveryCode: code });
      expect(found).toEqual({
        status: 200,
        body: {
          registrationId: id,
          confirmationRequired: true,
          sentTo: { email: 'an*@example.com', phone: '+34\u00a0•••\u00a0•••\u00a0456' },
        },
      });
      expect((await call('get_registration_with_documents', { registrationId: id })).status).toBe(401);
      const oneTime = await lastCode(applicant.email);
      expect(await lastCode('+34600123456')).toBe(oneTime);
      // Asking again within the cooldown sends nothing new.
      await call('get_registration_status', { recoveryCode: code });
      expect(await lastCode(applicant.email)).toBe(oneTime);
      const wrongDigits = oneTime === '000000' ? '111111' : '000000';
      const wrong = await call('confirm_recovery', { registrationId: id, recoveryCode: code, code: wrongDigits });
      expect(wrong).toEqual({ status: 400, body: { error: 'The confirmation code is not correct.' } });
      const otherCode = await call('confirm_recovery', { registrationId: id, recoveryCode: 'ZZZZZ2', code: oneTime });
      expect(otherCode.status).toBe(404);
      expect(await call('confirm_recovery', { registrationId: id, recoveryCode: code, code: oneTime })).toEqual({
        status: 200,
        body: { registrationId: id },
      });
      expect((await call('get_registration_with_documents', { registrationId: id })).status).toBe(200);
      // Spent: the same code opens no second session elsewhere.
      browser.clear();
      const again = await call('confirm_recovery', { registrationId: id, recoveryCode: code, code: oneTime });
      expect(again.status).toBe(410);
    });

    it('allows five wrong one-time codes, also when guessed in parallel', async () => {
      const id = await register();
      const code = String((await call('get_registration_code', { registrationId: id })).body.registrationCode);
      browser.clear();
      await call('get_registration_status', { recoveryCode: code });
      const oneTime = await lastCode(applicant.email);
      const guesses = Array.from({ length: 12 }, (_, i) => String(i).padStart(6, '9')).filter((g) => g !== oneTime);
      const answers = await Promise.all(
        guesses.map((guess) => call('confirm_recovery', { registrationId: id, recoveryCode: code, code: guess })),
      );
      expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429).length).toBe(guesses.length - 5);
      expect((await call('confirm_recovery', { registrationId: id, recoveryCode: code, code: oneTime })).status).toBe(
        429,
      );
    });

    it('says no registration for an unknown code, and throttles guessing', async () => {
      const miss = await call('get_registration_status', { recoveryCode: 'ZZZZZ2' });
      expect(miss).toEqual({ status: 404, body: { error: 'No registration found with this code.' } });
      for (let i = 0; i < 9; i++) await call('get_registration_status', { recoveryCode: 'ZZZZZ2' });
      expect((await call('get_registration_status', { recoveryCode: 'ZZZZZ2' })).status).toBe(429);
      expect((await call('get_registration_status', { recoveryCode: 'ABC' })).status).toBe(400);
    });

    it('check_existing says a registration exists and e-mails its code to its own inbox only', async () => {
      const id = await register();
      const code = String((await call('get_registration_code', { registrationId: id })).body.registrationCode);
      await served.db.query(sql`delete from outbox`);
      const found = await call('check_existing', { email: 'ANA@example.com', phone: '+34600 123 456' });
      expect(found.body).toEqual({ exists: true, registration_code: null });
      const { rows } = await served.db.query<{ recipient: string; body: string }>(
        sql`select recipient, body from outbox`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.recipient).toBe('ana@example.com');
      expect(rows[0]?.body).toContain(code);
      await call('check_existing', { email: applicant.email, phone: applicant.phone });
      expect((await served.db.query(sql`select 1 from outbox`)).rows).toHaveLength(1);
      expect((await call('check_existing', { email: applicant.email, phone: '+34 611' })).body).toEqual({
        exists: false,
        registration_code: null,
      });
    });

    it('check_existing answers an address 100 times in 15 minutes (an office of applicants), then 429: no enumerating pairs', async () => {
      for (let i = 0; i < 100; i += 1) {
        const asked = await call('check_existing', { email: `nadie${i}@example.com`, phone: '+34600000000' });
        expect(asked.status).toBe(200);
      }
      const refused = await call('check_existing', { email: 'otra@example.com', phone: '+34600000000' });
      expect(refused).toEqual({
        status: 429,
        body: { error: 'Too many attempts. Please try again in a few minutes.' },
      });
      // Recovery codes keep their own count.
      expect((await call('get_registration_status', { recoveryCode: 'ZZZZZ2' })).status).toBe(404);
    });

    it('check_registration_exists_by_id', async () => {
      const id = await register();
      // This caller holds the sign-up's session (it began it): `session` says so, and only of its own.
      expect((await call('check_registration_exists_by_id', { registrationId: id })).body).toEqual({
        exists: true,
        completed: false,
        session: true,
      });
      const stranger = await fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'check_registration_exists_by_id', registrationId: id }),
      });
      expect(await stranger.json()).toEqual({ exists: true, completed: false, session: false });
      // A finished sign-up says so: coming back to its link is not an expired session.
      await served.db.query(sql`update registrations set global_status = 'completed' where id = ${id}`);
      expect((await call('check_registration_exists_by_id', { registrationId: id })).body).toMatchObject({
        exists: true,
        completed: true,
      });
      expect((await call('check_registration_exists_by_id', { registrationId: 'x' })).body).toEqual({ exists: false });
    });
  });

  describe('update_field and update_registration', () => {
    it('updates one field after validating it, and refuses a bad value', async () => {
      const id = await register();
      expect((await call('update_field', { registrationId: id, field: 'city', value: 'Málaga' })).status).toBe(200);
      const bad = await call('update_field', { registrationId: id, field: 'postal_code', value: '123' });
      expect(bad).toMatchObject({ status: 400, body: { error: 'Invalid postal code' } });
      expect((await call('update_field', { registrationId: id, field: 'password', value: 'x' })).status).toBe(400);
      expect(await record(id)).toMatchObject({ city: 'Málaga', postal_code: '29400' });
    });

    it('a changed e-mail loses its verification and gets a new code at the new address', async () => {
      const id = await register();
      await call('verify_tokens', { registrationId: id, emailToken: await lastCode(applicant.email), smsToken: '' });
      await call('update_field', { registrationId: id, field: 'email', value: 'ana.new@example.com' });
      expect(await record(id)).toMatchObject({ email: 'ana.new@example.com', email_verified: false });
      const code = await lastCode('ana.new@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect((await call('verify_tokens', { registrationId: id, emailToken: code, smsToken: '' })).body).toEqual({
        verified: { email_verified: true },
      });
    });

    it('ignores verification flags from the browser and refuses sections not really complete', async () => {
      const id = await register();
      const base = { registrationId: id, ...applicant, globalStatus: 'in_progress' };
      const claimed = await call('update_registration', {
        ...base,
        emailVerified: true,
        phoneVerified: true,
        metadata: { completedSections: { ...sections, verification: true } },
      });
      expect(claimed.status).toBe(409);
      await call('verify_tokens', { registrationId: id, emailToken: await lastCode(applicant.email), smsToken: '' });
      const ok = await call('update_registration', {
        ...base,
        emailVerified: true,
        phoneVerified: true,
        metadata: { completedSections: { ...sections, verification: true } },
      });
      expect(ok.status).toBe(200);
      expect(await record(id)).toMatchObject({ email_verified: true, phone_verified: false });
      const documents = await call('update_registration', {
        ...base,
        emailVerified: true,
        phoneVerified: false,
        metadata: { completedSections: { ...sections, verification: true, documents: true } },
      });
      expect(documents).toMatchObject({
        status: 409,
        body: { error: 'Incomplete documents: Please upload all required documents.' },
      });
    });

    it('takes a move-in day from today to 30 days ahead; refuses one further; drops one gone by', async () => {
      const id = await register();
      const today = madridDate(served.service.ctx.clock.now());
      const choose = (moveInDate: string, confirmed: boolean) =>
        call('update_registration', {
          registrationId: id,
          ...applicant,
          emailVerified: false,
          phoneVerified: false,
          globalStatus: 'in_progress',
          metadata: {
            completedSections: { ...sections, serviceDetails: confirmed },
            serviceDetails: { ...TEST_SERVICE, moveInDate },
          },
        });
      expect(await choose(addDays(today, 31), true)).toEqual({
        status: 409,
        body: { error: 'Choose a move-in day from today to 30 days ahead.', code: 'move_in_date_invalid' },
      });
      expect((await choose(addDays(today, 30), false)).status).toBe(200);
      expect((await record(id)).metadata).toMatchObject({ serviceDetails: { moveInDate: addDays(today, 30) } });
      // A draft's day gone by means as soon as signed: nothing to refuse.
      expect((await choose(addDays(today, -2), false)).status).toBe(200);
      expect(
        ((await record(id)).metadata as { serviceDetails: Record<string, unknown> }).serviceDetails,
      ).not.toHaveProperty('moveInDate');
    });

    it('prices the service choice from the catalogue, never from the browser', async () => {
      const id = await register();
      const result = await call('update_registration', {
        registrationId: id,
        ...applicant,
        emailVerified: false,
        phoneVerified: false,
        globalStatus: 'in_progress',
        metadata: {
          completedSections: sections,
          serviceDetails: {
            productId: '202',
            productName: 'x',
            period: 'quarterly',
            setupFee: 0,
            recurringFee: 1,
            numberProductsRequired: 2,
          },
        },
      });
      expect(result.status).toBe(200);
      expect((await record(id)).metadata).toMatchObject({
        serviceDetails: {
          productId: '202',
          productName: 'Trastero 3 m³',
          period: 'quarterly',
          // No setup fee on this product: the individual's 150 EUR deposit.
          setupFee: 150,
          recurringFee: 360,
        },
      });
      const notOffered = await call('update_registration', {
        registrationId: id,
        ...applicant,
        emailVerified: false,
        phoneVerified: false,
        globalStatus: 'in_progress',
        metadata: {
          completedSections: { ...sections, serviceDetails: true },
          serviceDetails: { productId: '101', productName: 'Box', period: 'annually', setupFee: 0, recurringFee: 0 },
        },
      });
      expect(notOffered).toEqual({
        status: 409,
        body: { error: 'Payment period not offered for this product', code: 'period_not_offered' },
      });
      // Not yet confirmed (a preselection from the calculator): the impossible choice is dropped, the rest saved.
      const preselected = await call('update_registration', {
        registrationId: id,
        ...applicant,
        city: 'Málaga',
        emailVerified: false,
        phoneVerified: false,
        globalStatus: 'in_progress',
        metadata: {
          completedSections: sections,
          serviceDetails: { productId: '101', productName: 'Box', period: 'annually', setupFee: 0, recurringFee: 0 },
        },
      });
      expect(preselected.status).toBe(200);
      expect(await record(id)).toMatchObject({ city: 'Málaga', metadata: { serviceDetails: null } });
    });

    it('locks a completed registration', async () => {
      const id = await register();
      await served.db.query(sql`update registrations set global_status = 'completed' where id = ${id}`);
      const locked = await call('update_field', { registrationId: id, field: 'city', value: 'Cádiz' });
      expect(locked).toEqual({
        status: 409,
        body: { error: 'This registration is completed and can no longer be changed.', code: 'registration_locked' },
      });
      expect((await call('check_and_set_product', { registrationId: id, productId: '202' })).body.success).toBe(false);
    });
  });

  describe('check_and_set_product', () => {
    it('sets an available product with the monthly period', async () => {
      const id = await register();
      expect((await call('check_and_set_product', { registrationId: id, productId: '202' })).body).toEqual({
        success: true,
        productId: '202',
        productName: 'Trastero 3 m³',
        numberProductsRequired: 1,
      });
      expect((await record(id)).metadata).toMatchObject({
        serviceDetails: { productId: '202', period: 'monthly', recurringFee: 62 },
      });
    });

    it('keeps the calculator volume: the units (and the price) follow from it and the unit size', async () => {
      const id = await register();
      const set = (productId: string, volumeRequested?: number) =>
        call('check_and_set_product', {
          registrationId: id,
          productId,
          ...(volumeRequested ? { volumeRequested } : {}),
        });
      // 7.5 m³ in 3 m³ units: three of them, 3 × 62 €.
      expect((await set('202', 7.5)).body).toMatchObject({ success: true, numberProductsRequired: 3 });
      expect((await record(id)).metadata).toMatchObject({
        serviceDetails: { productId: '202', numberProductsRequired: 3, volumeRequested: 7.5, recurringFee: 186 },
      });
      // Setting the same product again (a second link) keeps the volume already known.
      expect((await set('202')).body).toMatchObject({ numberProductsRequired: 3 });
      expect((await set('202', 12.5)).body).toEqual({
        success: false,
        error: 'The product is too small for the volume, even combining three units',
        code: 'product_too_small',
      });
      // Four free units of 12 m³ cover 30 m³ (three units), but not when only two are free.
      await setAvailableUnits(served.db, 207, 2);
      try {
        expect((await set('207', 30)).body).toMatchObject({ success: false, code: 'product_out_of_stock' });
      } finally {
        await setAvailableUnits(served.db, 207, 4);
      }
    });

    it('update_registration derives the units from the volume, not from the browser', async () => {
      const id = await register();
      const save = (serviceDetails: Record<string, unknown>, confirmed = true) =>
        call('update_registration', {
          registrationId: id,
          ...applicant,
          emailVerified: false,
          phoneVerified: false,
          globalStatus: 'in_progress',
          metadata: { completedSections: { ...sections, serviceDetails: confirmed }, serviceDetails },
        });
      const choice = { productId: '102', productName: 'Box 1,5 m³', period: 'monthly', setupFee: 0, recurringFee: 0 };
      expect((await save({ ...choice, numberProductsRequired: 1, volumeRequested: 4.2 })).status).toBe(200);
      expect((await record(id)).metadata).toMatchObject({
        serviceDetails: { numberProductsRequired: 3, recurringFee: 117, volumeRequested: 4.2 },
      });
      await setAvailableUnits(served.db, 102, 0);
      try {
        expect(await save(choice)).toEqual({
          status: 409,
          body: { error: 'Product out of stock', code: 'product_out_of_stock' },
        });
      } finally {
        await setAvailableUnits(served.db, 102, 5);
      }
    });

    it('explains why a product cannot be set', async () => {
      const id = await register();
      await setAvailableUnits(served.db, 203, 0);
      try {
        expect((await call('check_and_set_product', { registrationId: id, productId: '203' })).body).toEqual({
          success: false,
          error: 'Product out of stock',
          code: 'product_out_of_stock',
        });
      } finally {
        await setAvailableUnits(served.db, 203, 8);
      }
      expect((await call('check_and_set_product', { registrationId: id, productId: '999' })).body.error).toBe(
        'Product not found',
      );
      expect(
        await call('check_and_set_product', {
          registrationId: '00000000-0000-4000-8000-000000000000',
          productId: '202',
        }),
      ).toEqual({ status: 401, body: { error: APPLICANT_SESSION_REQUIRED } });
    });
  });

  it('is-session-valid: only for the browser holding the session, for 15 minutes after its last call', async () => {
    const id = await register();
    const valid = async (jar = browser) => {
      const res = await jar.fetch(served.service.url('is-session-valid'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ p_registration_id: id }),
      });
      return ((await res.json()) as { valid: boolean }).valid;
    };
    expect(await valid()).toBe(true);
    expect(await valid(cookieJar())).toBe(false);
    await served.db.query(sql`update registration_sessions set last_seen_at = now() - interval '14 minutes'`);
    expect(await valid()).toBe(true);
    await served.db.query(sql`update registration_sessions set last_seen_at = now() - interval '16 minutes'`);
    expect(await valid()).toBe(false);
    expect((await call('get_registration_code', { registrationId: id })).status).toBe(401);
  });

  describe('the registration id is a locator, not a credential', () => {
    it('sets the session as an httpOnly, SameSite=Strict cookie for the functions only', async () => {
      const res = await fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create_registration', ...applicant, email: 'cookie@example.com' }),
      });
      const [cookie = ''] = res.headers.getSetCookie();
      expect(cookie).toMatch(/^signup_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('Path=/functions/v1');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).not.toContain('Secure');
      // Only the hash is stored.
      const secret = /^signup_session=([^;]+)/.exec(cookie)?.[1] ?? '';
      const { rows } = await served.db.query<{ secret_hash: string }>(
        sql`select secret_hash from registration_sessions`,
      );
      expect(rows.map((r) => r.secret_hash)).not.toContain(secret);
    });

    it('answers every read and write from another browser with 401 and never the data', async () => {
      const id = await register();
      const stranger = cookieJar();
      const as = async (name: string, body: unknown) => {
        const res = await stranger.fetch(served.service.url(name), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      };
      const attempts: [string, unknown][] = [
        ['registration-handler', { action: 'get_registration_with_documents', registrationId: id }],
        ['registration-handler', { action: 'get_registration_code', registrationId: id }],
        ['registration-handler', { action: 'get_resend_cooldown', registrationId: id }],
        [
          'registration-handler',
          { action: 'update_field', registrationId: id, field: 'email', value: 'evil@example.com' },
        ],
        [
          'registration-handler',
          { action: 'update_field', registrationId: id, field: 'iban', value: 'ES7921000813610123456789' },
        ],
        ['registration-handler', { action: 'verify_tokens', registrationId: id, emailToken: '123456', smsToken: '' }],
        [
          'registration-handler',
          { action: 'resend_verification', registrationId: id, email: 'a@b.es', phone: '+34600', type: 'email' },
        ],
        ['registration-handler', { action: 'check_and_set_product', registrationId: id, productId: '202' }],
        [
          'registration-handler',
          {
            action: 'update_registration',
            registrationId: id,
            ...applicant,
            iban: 'ES7921000813610123456789',
            emailVerified: false,
            phoneVerified: false,
            metadata: { completedSections: sections },
            globalStatus: 'in_progress',
          },
        ],
        ['get-registration-global-status', { registrationId: id }],
        ['create-client', { registrationId: id }],
        ['get-payment-status', { registrationId: id }],
        ['create-contract', { registrationId: id }],
        ['get-contract-status', { registrationId: id }],
      ];
      for (const [name, body] of attempts) {
        const answer = await as(name, body);
        expect(answer.status, `${name} ${JSON.stringify(body).slice(0, 60)}`).toBe(401);
        expect(answer.text).not.toContain('ES9121000418450200051332');
        expect(answer.text).not.toContain(applicant.email);
      }
      // An upper-case copy of the id is the same registration: still 401, never another one.
      expect((await as('get-registration-global-status', { registrationId: id.toUpperCase() })).status).toBe(401);
      const stream = await stranger.fetch(served.service.url(`realtime?registrationId=${id}`));
      expect(stream.status).toBe(401);
      const { rows } = await served.db.query<{ email: string; iban: string }>(
        sql`select email, iban from registrations where id = ${id}`,
      );
      expect(rows[0]).toEqual({ email: applicant.email, iban: 'ES9121000418450200051332' });
      expect(await lastCode('evil@example.com')).toBe('');
    });

    it('creates one registration for twenty identical submits at once, and sends one set of codes', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('create_registration', { ...applicant, email: 'twenty@example.com' })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      const { rows } = await served.db.query<{ n: number }>(
        sql`select count(*)::int as n from registrations where email = 'twenty@example.com'`,
      );
      expect(rows[0]?.n).toBe(1);
      const sent = await served.db.query<{ n: number }>(
        sql`select count(*)::int as n from outbox where recipient = 'twenty@example.com'`,
      );
      expect(sent.rows[0]?.n).toBe(1);
    });

    it('lets a person who chose "Start new process" start again, but not a burst', async () => {
      const twin = { ...applicant, email: 'again@example.com' };
      expect((await call('create_registration', twin)).status).toBe(200);
      await served.db.query(
        sql`update registrations set created_at = now() - interval '3 seconds' where email = 'again@example.com'`,
      );
      expect((await call('create_registration', twin)).body.error).toBe(
        'A sign-up with this e-mail and phone was started moments ago. Use the registration code we e-mailed to continue it.',
      );
      const burst = await Promise.all(
        Array.from({ length: 5 }, () => call('create_registration', { ...twin, startNew: true })),
      );
      expect(burst.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    });
  });
});
