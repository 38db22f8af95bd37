/**
 * One rule for every request body, applied by the browser before sending and by the server
 * before any schema: no control characters in text (a NUL byte reaches the database and fails
 * there), no text longer than any field needs, no number a column cannot hold. Each schema
 * then keeps its own, tighter bounds.
 */

/**
 * C0 controls except tab, line feed and carriage return, DEL and the C1 controls; the line and
 * paragraph separators (they break a line in some readers and a script in others); and the
 * bidirectional overrides and isolates, which make a name read otherwise than it is stored
 * ("‮nimda" shown as "admin").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Longer than any text field of any function (the longest is a few hundred characters). */
export const MAX_TEXT_LENGTH = 4_000;
/** Larger than any amount, volume or count; far below what overflows an integer column. */
export const MAX_NUMBER_MAGNITUDE = 1_000_000_000;
const MAX_DEPTH = 8;

export interface UnsafeInput {
  /** Dotted path of the offending value (`product.name`), `_` for the body itself. */
  field: string;
  message: string;
}

export function findUnsafeInput(value: unknown, path: string[] = []): UnsafeInput | null {
  const field = path.join('.') || '_';
  if (typeof value === 'string') {
    if (CONTROL.test(value)) return { field, message: `${field}: control characters are not allowed` };
    // Half of a surrogate pair is no character: stored, it shows as "�" and breaks comparisons.
    if (!isWellFormed(value)) return { field, message: `${field}: not valid text` };
    if (value.length > MAX_TEXT_LENGTH) return { field, message: `${field}: too long` };
    return null;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > MAX_NUMBER_MAGNITUDE) {
      return { field, message: `${field}: number out of range` };
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return { field, message: `${field}: nested too deeply` };
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = findUnsafeInput(key, [...path, '(key)']);
    if (keyProblem) return keyProblem;
    const problem = findUnsafeInput(item, [...path, key]);
    if (problem) return problem;
  }
  return null;
}

/** True when every UTF-16 surrogate is half of a pair. */
function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/**
 * Every string of a body in Unicode's composed form (NFC): "José" typed on one keyboard and
 * pasted from another are then the same text, in a search, a uniqueness check or a signature.
 * Applied by the client before sending and by the server before any rule.
 */
export function normalisedInput<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => normalisedInput(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.normalize('NFC'), normalisedInput(item, depth + 1)]),
  ) as T;
}
