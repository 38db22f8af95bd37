/**
 * The activity log as people read it: an action's name as a sentence, what it was done on, and
 * what changed as "field: before → after" instead of raw JSON. Pure: the page passes its texts.
 */

export interface AuditTexts {
  /** The sentence of a known action, or null for one this page has no words for. */
  action(action: string): string | null;
  /** "Alta", "Trastero", … for a target kind, or null. */
  kind(kind: string): string | null;
  /** A document type's name ("DNI/NIE · cara trasera"), or null. */
  document(type: string): string | null;
  yes: string;
  no: string;
}

export function describeAction(action: string, texts: AuditTexts): string {
  return texts.action(action) ?? action.replace(/_/g, ' ');
}

/** `registration:K7P2QX:backId` → "Alta K7P2QX · DNI/NIE · cara trasera"; unknown shapes as they are. */
export function describeTarget(target: string | null, texts: AuditTexts): string {
  if (!target) return '—';
  const [kind = '', ...rest] = target.split(':');
  const label = texts.kind(kind);
  if (!label) return target;
  if (kind === 'registration') {
    const [code = '', documentType] = rest;
    const document = documentType ? texts.document(documentType) : null;
    return document ? `${label} ${code} · ${document}` : `${label} ${code}`;
  }
  return `${label} ${rest.join(':')}`;
}

function valueText(value: unknown, texts: AuditTexts): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (Array.isArray(value)) return value.map((item) => valueText(item, texts)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What changed, one line per field: "field: before → after", or "field: value" when it is new. */
export function describeChange(before: unknown, after: unknown, texts: AuditTexts): string[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null || before === undefined)
      return after === null || after === undefined ? [] : [valueText(after, texts)];
    return [`${valueText(before, texts)} → ${valueText(after, texts)}`];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.flatMap((key) => {
    const from = valueText(was[key], texts);
    const to = valueText(now[key], texts);
    if (!(key in was)) return [`${key}: ${to}`];
    if (from === to) return [];
    return [`${key}: ${from} → ${to}`];
  });
}
