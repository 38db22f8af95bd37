import { describe, expect, it } from 'vitest';
import { action, code, note, paragraph, plainText } from './content';
import { renderEmail } from './render';

const SENDER = { businessName: 'Trasteros Demo', siteUrl: 'https://trasteros.example/' };

describe('e-mail templates', () => {
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
