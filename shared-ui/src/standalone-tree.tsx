import type { ComponentType } from 'react';
import { DEFAULT_LANGUAGE, type Language, languageFromPath, type RemoteAppProps } from 'shared-i18n';
import { useLocation } from 'shared-router';
import { ReadyMark } from './ready-mark';
import { Toaster } from './toast';

/** The language of a standalone page: its path's, else Spanish (the server knows nothing else). */
export const standaloneLanguage = (pathname: string): Language => languageFromPath(pathname) ?? DEFAULT_LANGUAGE;

function PathLanguage({ App }: { App: ComponentType<RemoteAppProps> }) {
  const { pathname } = useLocation();
  return <App language={standaloneLanguage(pathname)} />;
}

/** A remote on its own page, inside whichever router the browser or the server gives it. */
export function StandaloneTree({ App }: { App: ComponentType<RemoteAppProps> }) {
  return (
    <>
      <PathLanguage App={App} />
      <Toaster closeLabel="Cerrar aviso / Dismiss" />
      {/* The remote is the whole page: once hydrated, the page and its remote are ready. */}
      <ReadyMark remote="standalone" />
    </>
  );
}
