/**
 * The assistant's five canned answers and the rule that picks one.
 * Rule: the visitor's text is lower-cased, stripped of accents and cut into whole words; each
 * topic — what none answers (buying boxes, packing materials), price, access hours, sizes,
 * location, in this order — has keywords that match a whole
 * word, or the start of one when they end in `*` (`precio*` takes "precios"), or a run of words
 * ("how much"). The first topic with a match answers; anything else gets the general answer.
 * Whole words, because a keyword inside another word answered the wrong question ("ahora"
 * holds "hora", "coffee" holds "fee"). Order matters: "how much is a 10 m³ unit" is a price
 * question before it is a size question.
 */
export type ReplyTopic = 'price' | 'access' | 'sizes' | 'location' | 'general';

const KEYWORDS: [ReplyTopic, string[]][] = [
  // Questions no canned answer fits (buying boxes or packing materials): the general answer,
  // with the phone, before "boxes" takes them for a size question.
  [
    'general',
    [
      'sell',
      'selling',
      'sold',
      'buy',
      'buying',
      'packing',
      'material*',
      'tape',
      'vende*',
      'venta*',
      'compra*',
      'embala*',
      'carton*',
      'cinta*',
    ],
  ],
  [
    'price',
    [
      'precio*',
      'cuest*',
      'cuanto*',
      'cuanta*',
      'coste*',
      'costo*',
      'tarifa*',
      'euro',
      'euros',
      'barat*',
      'pagar',
      'pago*',
      'oferta*',
      'descuento*',
      'price*',
      'pricing',
      'cost',
      'costs',
      'costing',
      'cheap*',
      'how much',
      'fee',
      'fees',
      'pay',
      'paying',
      'payment*',
      'discount*',
    ],
  ],
  [
    'access',
    [
      'hora*',
      'acceso*',
      'acced*',
      'abierto*',
      'abris',
      'abre*',
      'abrir',
      'cierra*',
      '24',
      '24h',
      'noche*',
      'domingo*',
      'festivo*',
      'hour*',
      'open*',
      'access*',
      'night*',
      'sunday*',
      'weekend*',
      // "Close" as closing time; "close to" is a location (below, checked first for that phrase).
      'you close',
      'close at',
      'does it close',
      'closed',
      'closing',
    ],
  ],
  [
    'sizes',
    [
      'tamano*',
      'metro*',
      'm3',
      'grande*',
      'pequeno*',
      'medida*',
      'cabe*',
      'caben',
      'espacio*',
      'size*',
      'big',
      'bigger',
      'biggest',
      'small*',
      'space*',
      'fit',
      'fits',
      'box',
      'boxes',
      'dimension*',
      'square metre*',
    ],
  ],
  [
    'location',
    [
      'donde',
      'direccion*',
      'ubicacion*',
      'ubicad*',
      'llegar',
      'llego',
      'mapa*',
      'calle*',
      'where',
      'address*',
      'location*',
      'located',
      'map',
      'maps',
      'direction*',
      'close to',
      'near*',
      'station*',
      'train*',
      'bus',
      'buses',
      'parking',
      'park',
      'cerca',
      'estacion*',
      'tren*',
      'autobus*',
      'aparca*',
    ],
  ],
];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/³/g, '3')
    .split(/[^a-z0-9ñ]+/)
    .filter(Boolean);
}

/** Whether the visitor's words hold one keyword (see the rule above). */
function holds(said: string[], keyword: string): boolean {
  const parts = keyword.split(' ');
  return said.some((_, start) =>
    parts.every((part, i) => {
      const word = said[start + i];
      if (word === undefined) return false;
      return part.endsWith('*') ? word.startsWith(part.slice(0, -1)) : word === part;
    }),
  );
}

export function replyTopic(text: string): ReplyTopic {
  const said = words(text);
  for (const [topic, keywords] of KEYWORDS) {
    if (keywords.some((keyword) => holds(said, keyword))) return topic;
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
