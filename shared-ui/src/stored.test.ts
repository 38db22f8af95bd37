import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type KeyValueStorage, readStored, removeStored, writeStored } from './stored';

/** A storage in memory; `broken` throws on every call, as a disabled or full browser storage does. */
function memoryStorage(broken = false): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    data,
    getItem(key) {
      guard();
      return data.get(key) ?? null;
    },
    setItem(key, value) {
      guard();
      data.set(key, value);
    },
    removeItem(key) {
      guard();
      data.delete(key);
    },
  };
}

const list = z.object({ items: z.array(z.string()) });

describe('stored values', () => {
  it('keeps JSON and reads it back validated; text values are kept as they are', () => {
    const storage = memoryStorage();
    expect(writeStored('list', { items: ['sofá'] }, { storage })).toBe(true);
    expect(readStored('list', list, { storage })).toEqual({ items: ['sofá'] });
    writeStored('token', 'abc.def', { storage, text: true });
    expect(storage.data.get('token')).toBe('abc.def');
    expect(readStored('token', z.string(), { storage, text: true })).toBe('abc.def');
    expect(readStored('missing', list, { storage })).toBeNull();
  });

  it('drops what is corrupt, foreign or from an older version, so it fails no later visit', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    storage.data.set('list', '{"items":[1,2]}');
    storage.data.set('other', '{not json');
    expect(readStored('list', list, { storage })).toBeNull();
    expect(readStored('other', list, { storage })).toBeNull();
    expect(storage.data.size).toBe(0);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('never throws where the browser refuses storage: nothing is read, nothing kept', () => {
    const storage = memoryStorage(true);
    expect(readStored('list', list, { storage })).toBeNull();
    expect(writeStored('list', { items: [] }, { storage })).toBe(false);
    expect(() => removeStored('list', { storage })).not.toThrow();
    expect(readStored('list', list, { storage: null })).toBeNull();
  });
});
