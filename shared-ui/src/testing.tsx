import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n, type Language, type RemoteAppProps } from 'shared-i18n';

/** Renders a remote's App as the shell would: inside a router, on the shared i18n instance. */
export async function renderRemote(App: ComponentType<RemoteAppProps>, path: string, language: Language) {
  await initI18n(language);
  await i18n.changeLanguage(language);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App language={language} />
    </MemoryRouter>,
  );
}
