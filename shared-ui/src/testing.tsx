import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { i18n, initI18n, type Language, type RemoteAppProps } from 'shared-i18n';

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
  await i18n.changeLanguage(language);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App language={language} />
      <RouterLocation />
    </MemoryRouter>,
  );
  return { ...view, location: () => screen.getByTestId('router-location').textContent ?? '' };
}
