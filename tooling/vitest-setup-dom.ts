import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { DEFAULT_LANGUAGE, i18n } from 'shared-i18n';
import { afterEach, beforeAll } from 'vitest';

// Every package's tests run at once on two cores: a remote's first render (its lazy chunks, the
// mocked answers) can take longer than Testing Library's default second there. A `findBy…` ends
// as soon as what it waits for is there, so a longer limit costs a fast machine nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// Files share a worker's modules and page (vitest-dom.mjs): each starts as a visitor's first page
// does, whatever the previous file left. Nothing in the body or on <html>, nothing stored, no
// cookie, at the site's root, and in Spanish (the page's one i18next instance is a shared module).
beforeAll(async () => {
  if (typeof document !== 'undefined') {
    document.body.replaceChildren();
    const html = document.documentElement;
    for (const name of html.getAttributeNames()) html.removeAttribute(name);
    localStorage.clear();
    sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store; this expires a previous file's
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    history.replaceState(null, '', '/');
  }
  if (i18n.isInitialized && i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

// happy-dom has no window.confirm; the back-office asks before what cannot be undone, and its tests
// answer with `vi.spyOn(window, 'confirm')`, which needs a function to replace.
// (A file that runs on Node, `@vitest-environment node`, has no window.)
if (typeof window !== 'undefined' && typeof window.confirm !== 'function') window.confirm = () => false;
