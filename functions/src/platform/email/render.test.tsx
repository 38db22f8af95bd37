import { describe, expect, it } from 'vitest';
import { verificationEmail } from '../../modules/sign-up/messages';
import { action, code, note, paragraph, plainText } from './content';
import { renderEmail } from './render';

const SENDER = { businessName: 'Trasteros Demo', siteUrl: 'https://trasteros.example/' };

describe('e-mail templates', () => {
  it('render the same words as HTML and as plain text, in the recipient’s language', async () => {
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

  it('put every language one after the other when the recipient’s is unknown, Spanish first', async () => {
    const email = await renderEmail(
      [
        { language: 'es', subject: 'Hola', blocks: [paragraph('Texto')] },
        { language: 'en', subject: 'Hello', blocks: [paragraph('Text')] },
      ],
      SENDER,
    );
    expect(email.subject).toBe('Hola / Hello');
    expect(email.text).toBe('Texto\n\n---\n\nText');
    expect(email.html.indexOf('Texto')).toBeLessThan(email.html.indexOf('Text<'));
    expect(email.html).toMatch(/lang="en"/);
  });

  it('write links out in the text part and escape what a person typed in the HTML', async () => {
    const content = {
      language: 'es' as const,
      subject: 'Enlace',
      greeting: 'Hola, <Ana>:',
      blocks: [action('Abrir', 'https://trasteros.example/es/alta'), code('Código', '123456'), note('Nota')],
    };
    expect(plainText(content)).toBe(
      'Hola, <Ana>:\n\nAbrir:\nhttps://trasteros.example/es/alta\n\nCódigo: 123456\n\nNota',
    );
    const { html } = await renderEmail([content], SENDER);
    expect(html).toContain('Hola, &lt;Ana&gt;:');
    expect(html).toContain('href="https://trasteros.example/es/alta"');
  });

  it('refuse an e-mail with no language at all', async () => {
    await expect(renderEmail([], SENDER)).rejects.toThrow(/at least one language/);
  });
});
