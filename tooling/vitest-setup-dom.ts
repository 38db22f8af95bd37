import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { DEFAULT_LANGUAGE, i18n, switchLanguage } from 'shared-i18n';
import { afterEach, vi } from 'vitest';
import type { StateCreator } from 'zustand';

/**
 * How to put every zustand store back as it was made. On the global object: this file runs again
 * for each test file, while the stores (and the `create` below) live as long as the worker.
 */
const shared = globalThis as { __storeResets?: Set<() => void> };
shared.__storeResets ??= new Set();
const storeResets = shared.__storeResets;

// zustand's own `create`, unchanged, except that each store it makes is remembered with its first
// state (the way zustand's documentation resets stores between tests).
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof import('zustand')>();
  const resets = (globalThis as { __storeResets?: Set<() => void> }).__storeResets;
  const remembered = <T>(initializer: StateCreator<T, [], []>) => {
    const store = zustand.create<T>()(initializer);
    resets?.add(() => store.setState(store.getInitialState(), true));
    return store;
  };
  const create = (<T>(initializer?: StateCreator<T, [], []>) =>
    initializer ? remembered(initializer) : remembered) as typeof zustand.create;
  return { ...zustand, create };
});

// Every package's tests run at once on two cores: a remote's first render (its lazy chunks, the
// mocked answers) can take longer than Testing Library's default second there. A `findBy…` ends
// as soon as what it waits for is there, so a longer limit costs a fast machine nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// Files share a worker's modules and page (vitest-dom.mjs): this runs before each file is
// imported, so that it starts as a visitor's first page does whatever the previous file left:
// every store as it was made, nothing in the body or on <html>, nothing stored, at the site's
// root, no early-tap hook (shared-ui/early-click), and in Spanish (the page's one i18next instance
// is a shared module; a switch the previous file left waiting is cancelled).
// A file that failed before putting the real clock back does not leave this one a fake one.
vi.useRealTimers();
for (const reset of storeResets) reset();
if (typeof document !== 'undefined') {
  document.body.replaceChildren();
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  delete (window as { __earlyClickBeforeHydration?: unknown }).__earlyClickBeforeHydration;
}
if (i18n.isInitialized) await switchLanguage(DEFAULT_LANGUAGE);

// happy-dom has no window.confirm; the back-office asks before what cannot be undone, and its tests
// answer with `vi.spyOn(window, 'confirm')`, which needs a function to replace.
// (A file that runs on Node, `@vitest-environment node`, has no window.)
if (typeof window !== 'undefined' && typeof window.confirm !== 'function') window.confirm = () => false;
