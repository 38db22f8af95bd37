import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { i18n, initI18n, type Language, loadLanguage, type RemoteAppProps, SUPPORTED_LANGUAGES } from 'shared-i18n';

/** Where the remote navigated to, readable by the test (hidden: no role query sees it). */
function RouterLocation() {
  const { pathname, search } = useLocation();
  return (
    <span hidden data-testid="router-location">
      {pathname + search}
    </span>
  );
}

/** Renders a remote's App as the shell would: inside a router, on the shared i18n instance. */
export async function renderRemote(App: ComponentType<RemoteAppProps>, path: string, language: Language) {
  await initI18n(language);
  // Both: a test may switch the page's language.
  await Promise.all(SUPPORTED_LANGUAGES.map((lang) => loadLanguage(lang)));
  await i18n.changeLanguage(language);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App language={language} />
      <RouterLocation />
    </MemoryRouter>,
  );
  return { ...view, location: () => screen.getByTestId('router-location').textContent ?? '' };
}

/** A document carrying the JSON block the gateway inlines (`<script type="application/json" id=…>`), or none. */
export function documentWithInlineJson(id: string, json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

/** A promise the test settles by hand, when it wants. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
