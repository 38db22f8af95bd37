import { describe, expect, it } from 'vitest';
import { doorResources } from './i18n';

/** Every key path of a texts object, and its value. */
function entries(texts: object, prefix = ''): [string, unknown][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    value && typeof value === 'object' ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

describe('door texts', () => {
  it('has every text in Spanish and English, none empty', () => {
    const es = entries(doorResources.es);
    const en = entries(doorResources.en);
    expect(en.map(([key]) => key)).toEqual(es.map(([key]) => key));
    for (const [key, value] of [...es, ...en]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });
});
