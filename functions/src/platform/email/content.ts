import type { Language } from 'shared-i18n';

/**
 * What an e-mail says, apart from how it looks: each capability writes its messages as blocks,
 * and one renderer makes the HTML part and the plain-text part of the same words.
 */
export type Block =
  /** A paragraph; its line breaks are kept. */
  | { kind: 'paragraph'; text: string }
  /** A one-time code, shown large; in the text part `label: code`. */
  | { kind: 'code'; label: string; code: string }
  /** A link as a button; in the text part the label, then the address on its own line. */
  | { kind: 'action'; label: string; href: string }
  /** Small print under the rest (why this e-mail came, what to do if it was not you). */
  | { kind: 'note'; text: string };

export interface EmailContent {
  subject: string;
  /** Opening line ("Hola, Ana:"), when the e-mail knows the name. */
  greeting?: string;
  blocks: Block[];
}

/** One language's version of an e-mail. */
export interface LocalisedContent extends EmailContent {
  language: Language;
}

export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
export const code = (label: string, value: string): Block => ({ kind: 'code', label, code: value });
export const action = (label: string, href: string): Block => ({ kind: 'action', label, href });
export const note = (text: string): Block => ({ kind: 'note', text });

/** The plain-text part: the same words, a blank line between blocks, every address written out. */
export function plainText(content: EmailContent): string {
  const blocks = content.blocks.map((block) => {
    if (block.kind === 'code') return `${block.label}: ${block.code}`;
    if (block.kind === 'action') return `${block.label}:\n${block.href}`;
    return block.text;
  });
  return [...(content.greeting ? [content.greeting] : []), ...blocks].join('\n\n');
}
