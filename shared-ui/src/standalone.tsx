import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { MockResponder } from 'shared-api/msw';
import { detectBrowserLanguage, initI18n, languageOf, loadLanguage, type RemoteAppProps } from 'shared-i18n';
import { BrowserRouter } from 'shared-router';
import '../tokens.css';
import { StandaloneTree } from './standalone-tree';

export interface StandaloneOptions {
  App: ComponentType<RemoteAppProps>;
  /** Replies of the msw mocks used when the remote is developed alone. */
  mockResponders?: Record<string, MockResponder>;
}

/**
 * Mounts a remote on its own page, without the shell: for `npm run dev -w <remote>` (with msw
 * mocks built on the shared contract) and for the door tool's standalone build (real API). A
 * page its origin rendered on the server (`shared-ui/standalone-server`) is hydrated.
 */
export async function startStandalone({ App, mockResponders = {} }: StandaloneOptions): Promise<void> {
  if (process.env.NODE_ENV === 'development') {
    const [{ setupWorker }, { createMockHandlers }] = await Promise.all([
      import('msw/browser'),
      import('shared-api/msw'),
    ]);
    await setupWorker(...createMockHandlers({ responders: mockResponders })).start({ onUnhandledRequest: 'bypass' });
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const serverRendered = root.firstElementChild !== null;
  // Hydration starts in the language the server rendered (`<html lang>`), or the markup differs.
  const language =
    (serverRendered && languageOf(document.documentElement.lang)) || detectBrowserLanguage(location.pathname);
  await initI18n(language);
  await loadLanguage(language);
  const tree = (
    <StrictMode>
      <BrowserRouter>
        <StandaloneTree App={App} />
      </BrowserRouter>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser: a tap meanwhile is answered at once.
  if (serverRendered) startTransition(() => void hydrateRoot(root, tree));
  else createRoot(root).render(tree);
}
