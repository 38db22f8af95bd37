/**
 * The assistant's five canned answers and the rule that picks one.
 * Rule: the visitor's text, lower-cased and without accents, is checked against keyword lists in
 * this order — price, access hours, sizes, location — and the first topic with a match answers;
 * anything else gets the general answer. Order matters: "how much is a 10 m³ unit" is a price
 * question before it is a size question.
 */
export type ReplyTopic = 'price' | 'access' | 'sizes' | 'location' | 'general';

const KEYWORDS: [ReplyTopic, string[]][] = [
  [
    'price',
    [
      'precio',
      'cuesta',
      'cuanto',
      'coste',
      'tarifa',
      'euro',
      'barato',
      'pagar',
      'price',
      'cost',
      'cheap',
      'how much',
      'fee',
      'pay',
    ],
  ],
  [
    'access',
    [
      'hora',
      'horario',
      'acceso',
      'abierto',
      'abris',
      '24',
      'noche',
      'domingo',
      'hours',
      'open',
      'access',
      'night',
      'sunday',
    ],
  ],
  [
    'sizes',
    [
      'tamano',
      'metro',
      'm3',
      'm³',
      'grande',
      'pequeno',
      'medida',
      'cabe',
      'espacio',
      'size',
      'big',
      'small',
      'space',
      'fit',
      'box',
    ],
  ],
  [
    'location',
    ['donde', 'direccion', 'ubicacion', 'llegar', 'mapa', 'calle', 'where', 'address', 'location', 'map', 'directions'],
  ],
];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function replyTopic(text: string): ReplyTopic {
  const plain = normalise(text);
  for (const [topic, words] of KEYWORDS) {
    if (words.some((word) => plain.includes(word))) return topic;
  }
  return 'general';
}

/** Empty or whitespace-only messages are ignored. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

/** The assistant answers after this delay (spec: 1 s). */
export const REPLY_DELAY_MS = 1_000;

export interface ChatMessage {
  id: string;
  text: string;
  isBot: boolean;
  timestamp: number;
}
