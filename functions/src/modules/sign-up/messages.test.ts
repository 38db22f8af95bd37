import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../platform/email/render';
import { registrationCodeReminder, verificationEmail } from './messages';

const SENDER = { businessName: 'Trasteros Demo', siteUrl: 'https://trasteros.example/' };

describe('the sign-up’s e-mails', () => {
  it('say the code in HTML and in plain text, in the applicant’s language alone', async () => {
    const email = await renderEmail(
      [verificationEmail('es', { verificationCode: '482913', registrationCode: 'K7P2QX' })],
      SENDER,
    );
    expect(email.subject).toBe('Código de verificación');
    expect(email.text).toBe(
      'Tu código de verificación: 482913\n\nCaduca en 10 minutos.\n\n' +
        'Tu código de registro es K7P2QX: guárdalo para continuar el alta más tarde.',
    );
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('lang="es"');
    expect(email.html).toContain('482913');
    expect(email.html).toContain('Trasteros Demo');
    expect(email.html).toContain('href="https://trasteros.example/"');
    expect(email.html).not.toContain('Verification code');
  });

  it('link the reminder of a registration code to the sign-up page of its language', async () => {
    const email = await renderEmail([registrationCodeReminder('en', 'K7P2QX', 'https://trasteros.example')], SENDER);
    expect(email.text).toContain('Your registration code is K7P2QX');
    expect(email.text).toContain('Continue my sign-up:\nhttps://trasteros.example/en/signup');
    expect(email.html).toContain('href="https://trasteros.example/en/signup"');
  });
});
