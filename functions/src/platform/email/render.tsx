// The service runs under tsx, which reads no tsconfig here: the automatic JSX runtime, said in the file.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Block, LocalisedContent } from './content';
import { plainText } from './content';

/** Who sends: the frame of every e-mail names the business and links its site. */
export interface Sender {
  businessName: string;
  siteUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

// Inline styles only: mail clients drop <style> and external sheets. Colours from the site's tokens.
const INK = '#1f2a24';
const ACCENT = '#1d6b47';
const MUTED = '#4d5a53';
const styles = {
  body: { backgroundColor: '#f4f7f5', fontFamily: 'Arial, Helvetica, sans-serif', color: INK, margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '560px',
    margin: '24px auto',
    padding: '24px',
    borderRadius: '8px',
  },
  brand: { fontSize: '18px', fontWeight: 700, color: ACCENT, margin: '0 0 16px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', whiteSpace: 'pre-line' as const },
  codeLabel: { fontSize: '14px', color: MUTED, margin: '0 0 4px' },
  code: { fontSize: '28px', fontWeight: 700, letterSpacing: '4px', margin: '0 0 16px', fontFamily: 'monospace' },
  button: {
    backgroundColor: ACCENT,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 700,
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
  },
  link: { fontSize: '13px', color: MUTED, wordBreak: 'break-all' as const, margin: '8px 0 16px' },
  note: { fontSize: '13px', lineHeight: '20px', color: MUTED, margin: '0 0 12px', whiteSpace: 'pre-line' as const },
  footer: { fontSize: '12px', color: MUTED, margin: '16px 0 0' },
};

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={styles.text}>{block.text}</Text>;
    case 'note':
      return <Text style={styles.note}>{block.text}</Text>;
    case 'code':
      return (
        <Section>
          <Text style={styles.codeLabel}>{block.label}</Text>
          <Text style={styles.code}>{block.code}</Text>
        </Section>
      );
    case 'action':
      return (
        <Section>
          <Button href={block.href} style={styles.button}>
            {block.label}
          </Button>
          {/* The address too: some clients block buttons, and a person may copy it. */}
          <Text style={styles.link}>
            <Link href={block.href} style={{ color: MUTED }}>
              {block.href}
            </Link>
          </Text>
        </Section>
      );
  }
}

function EmailView({ versions, sender }: { versions: LocalisedContent[]; sender: Sender }) {
  const first = versions[0];
  return (
    <Html lang={first?.language ?? 'es'}>
      <Head />
      <Preview>{first?.subject ?? sender.businessName}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{sender.businessName}</Text>
          {versions.map((version, index) => (
            <Section key={version.language} lang={version.language}>
              {index > 0 ? <Hr /> : null}
              {version.greeting ? <Text style={styles.text}>{version.greeting}</Text> : null}
              {version.blocks.map((block, at) => (
                // Blocks never reorder: their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                <BlockView key={at} block={block} />
              ))}
            </Section>
          ))}
          <Hr />
          <Text style={styles.footer}>
            {sender.businessName} ·{' '}
            <Link href={sender.siteUrl} style={{ color: MUTED }}>
              {sender.siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * An e-mail in the recipient's language, or in each given language one after the other when it is
 * not known (Spanish first): the subjects joined, the HTML part and its plain-text twin.
 */
export async function renderEmail(versions: LocalisedContent[], sender: Sender): Promise<RenderedEmail> {
  if (versions.length === 0) throw new Error('an e-mail needs at least one language');
  const html = await render(<EmailView versions={versions} sender={sender} />);
  return {
    subject: [...new Set(versions.map((version) => version.subject))].join(' / '),
    text: versions.map(plainText).join('\n\n---\n\n'),
    html,
  };
}
