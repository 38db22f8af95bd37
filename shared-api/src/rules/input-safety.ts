/**
 * One rule for every request body, applied by the browser before sending and by the server
 * before any schema: no control characters in text (a NUL byte reaches the database and fails
 * there), no text longer than any field needs, no number a column cannot hold. Each schema
 * then keeps its own, tighter bounds.
 */

/** C0 controls except tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
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
