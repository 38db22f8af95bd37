import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addNamespace, i18n, initI18n, loadLanguage, switchLanguage } from './instance';

/** A loader whose answer the test gives when it wants. */
function deferredTexts() {
  let resolve: (texts: Record<string, unknown>) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const fetches = vi.fn(
    () =>
      new Promise<Record<string, unknown>>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { fetches, resolve: (texts: Record<string, unknown>) => resolve(texts), reject: (e: Error) => reject(e) };
}

beforeAll(async () => {
  await initI18n('es');
});

describe('texts fetched per language', () => {
  it('fetches a language only when it is asked for, once however often', async () => {
    const es = vi.fn(async () => ({ hello: 'Hola' }));
    const en = vi.fn(async () => ({ hello: 'Hello' }));
    addNamespace('once', { es, en });
    expect(es).not.toHaveBeenCalled();
    expect(i18n.hasResourceBundle('es', 'once')).toBe(false);

    await Promise.all([loadLanguage('es'), loadLanguage('es')]);
    await loadLanguage('es');
    expect(es).toHaveBeenCalledTimes(1);
    expect(en).not.toHaveBeenCalled();
    expect(i18n.getFixedT('es', 'once')('hello')).toBe('Hola');
  });

  it('asks again for texts that could not be fetched', async () => {
    let calls = 0;
    addNamespace('flaky', {
      es: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return { hello: 'Hola' };
      },
      en: async () => ({ hello: 'Hello' }),
    });
    await expect(loadLanguage('es')).rejects.toThrow('offline');
    await loadLanguage('es');
    expect(calls).toBe(2);
    expect(i18n.getFixedT('es', 'flaky')('hello')).toBe('Hola');
  });

  it("fetches a new release's texts again, and only the namespaces asked for", async () => {
    const first = vi.fn(async () => ({ hello: 'Hola' }));
    addNamespace('released', { es: first, en: async () => ({ hello: 'Hello' }) });
    const other = vi.fn(async () => ({ hello: 'Otro' }));
    addNamespace('other', { es: other, en: async () => ({}) });
    await loadLanguage('es', ['released']);
    expect(first).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    // The remote released again: its module registers new loaders.
    const second = vi.fn(async () => ({ hello: 'Hola de nuevo' }));
    addNamespace('released', { es: second, en: async () => ({ hello: 'Hello again' }) });
    await loadLanguage('es', ['released']);
    expect(second).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT('es', 'released')('hello')).toBe('Hola de nuevo');
    await loadLanguage('es');
  });

  it('refuses a namespace with a loader for one language and texts for another', () => {
    expect(() =>
      addNamespace('mixed', { es: async () => ({}), en: { hello: 'Hello' } } as unknown as Parameters<
        typeof addNamespace
      >[1]),
    ).toThrow('mixed');
  });

  it('keeps static texts as they were: both languages at once', () => {
    addNamespace('static', { es: { hello: 'Hola' }, en: { hello: 'Hello' } });
    expect(i18n.getFixedT('en', 'static')('hello')).toBe('Hello');
  });

  it('changes the language once its texts are in, and of two quick switches the last one wins', async () => {
    await i18n.changeLanguage('es');
    const english = deferredTexts();
    addNamespace('switching', { es: async () => ({ hello: 'Hola' }), en: english.fetches });
    await loadLanguage('es');

    const toEnglish = switchLanguage('en');
    await vi.waitFor(() => expect(english.fetches).toHaveBeenCalled());
    // Still Spanish while the English texts are on their way: no key falls back one by one.
    expect(i18n.language).toBe('es');
    const backToSpanish = switchLanguage('es');
    english.resolve({ hello: 'Hello' });
    await Promise.all([toEnglish, backToSpanish]);
    expect(i18n.language).toBe('es');

    await switchLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.getFixedT('en', 'switching')('hello')).toBe('Hello');
    await i18n.changeLanguage('es');
  });

  it('a switch back to the language shown cancels a switch still fetching its texts', async () => {
    await i18n.changeLanguage('es');
    const english = deferredTexts();
    addNamespace('back', { es: async () => ({ hello: 'Hola' }), en: english.fetches });
    await loadLanguage('es');
    const toEnglish = switchLanguage('en');
    await vi.waitFor(() => expect(english.fetches).toHaveBeenCalled());
    // Back (or ES) before the English texts arrived: the page is still Spanish, and stays so.
    await switchLanguage('es');
    english.resolve({ hello: 'Hello' });
    await toEnglish;
    expect(i18n.language).toBe('es');
  });

  it('changes the language even when texts cannot be fetched (the fallback shows for them)', async () => {
    const english = deferredTexts();
    addNamespace('unreachable', { es: async () => ({ hello: 'Hola' }), en: english.fetches });
    await loadLanguage('es');
    const switching = switchLanguage('en');
    await vi.waitFor(() => expect(english.fetches).toHaveBeenCalled());
    english.reject(new Error('offline'));
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.getFixedT('en', 'unreachable')('hello')).toBe('Hola');
    await i18n.changeLanguage('es');
  });
});
