/*
 * The one way the suite keeps things in the browser (the calculator list, the door session, the
 * sign-up's draft): every read is validated, and storage that is full, disabled (private mode)
 * or holding something corrupt, foreign or from an older version never breaks a page.
 */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What validates a stored value (a zod schema is one). */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** This browser's localStorage; null on the server or where the browser refuses it. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

interface Options {
  storage?: KeyValueStorage | null;
  /** The value is stored as it is, not as JSON (a token). */
  text?: boolean;
}

/**
 * The value under `key`, or null when there is none. A value that does not pass `validator`
 * is removed (and logged): it would fail the same way on every visit.
 */
export function readStored<T>(key: string, validator: Validator<T>, options: Options = {}): T | null {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = validator.safeParse(options.text ? raw : JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.error(`[storage] ignoring an invalid "${key}"`, parsed.error);
  } catch (error) {
    console.error(`[storage] ignoring an unreadable "${key}"`, error);
  }
  removeStored(key, options);
  return null;
}

/** Whether anything is stored under `key` (before loading what validates it). */
export function hasStored(key: string, options: Pick<Options, 'storage'> = {}): boolean {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  try {
    return storage?.getItem(key) != null;
  } catch {
    return false;
  }
}

/** Keeps `value` under `key`; false when the browser would not (the page still works for this visit). */
export function writeStored(key: string, value: unknown, options: Options = {}): boolean {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  if (!storage) return false;
  try {
    storage.setItem(key, options.text ? String(value) : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string, options: Pick<Options, 'storage'> = {}): void {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to remove from a storage we cannot reach
  }
}
