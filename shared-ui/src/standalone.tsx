import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MockResponder } from 'shared-api/msw';
import { DEFAULT_LANGUAGE, detectBrowserLanguage, initI18n, languageFromPath, type RemoteAppProps } from 'shared-i18n';
import { BrowserRouter, useLocation } from 'shared-router';
import '../tokens.css';
import { Toaster } from './toast';

export interface StandaloneOptions {
  App: ComponentType<RemoteAppProps>;
  /** Replies of the msw mocks used when the remote is developed alone. */
  mockResponders?: Record<string, MockResponder>;
}

function PathLanguage({ App }: { App: ComponentType<RemoteAppProps> }) {
  const { pathname } = useLocation();
  return <App language={languageFromPath(pathname) ?? DEFAULT_LANGUAGE} />;
}

/**
 * Mounts a remote on its own page, without the shell: for `npm run dev -w <remote>` (with msw
 * mocks built on the shared contract) and for the door tool's standalone build (real API).
 */
export async function startStandalone({ App, mockResponders = {} }: StandaloneOptions): Promise<void> {
  if (process.env.NODE_ENV === 'development') {
    const [{ setupWorker }, { createMockHandlers }] = await Promise.all([
      import('msw/browser'),
      import('shared-api/msw'),
    ]);
    await setupWorker(...createMockHandlers({ responders: mockResponders })).start({ onUnhandledRequest: 'bypass' });
  }
  await initI18n(detectBrowserLanguage(location.pathname));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <PathLanguage App={App} />
        <Toaster closeLabel="Cerrar aviso / Dismiss" />
      </BrowserRouter>
    </StrictMode>,
  );
}
