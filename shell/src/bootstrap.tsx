import 'shared-ui/tokens.css';
import { StrictMode, startTransition } from 'react';
import { beforeHydration } from 'shared-ui/early-click';
import { commonResources } from './i18n/common';
import { CLIENT_ONLY_DIGEST, SignedOutContext } from './remotes/loader-context';
import { nextTask } from './remotes/next-task';

/** A module fetched now and used later: its failure is reported where it is awaited, not twice. */
function early<T>(load: Promise<T>): Promise<T> {
  load.catch(() => undefined);
  return load;
}

async function start() {
  // Everything is fetched at once; each module is evaluated when its scripts arrive, and each
  // step below runs in a task of its own: on a phone, one long task (the shell's whole start)
  // becomes several short ones, and a tap meanwhile is answered.
  const i18nModule = early(import('shared-i18n'));
  const registryModule = early(import('./remotes/registry'));
  const siteModule = early(import('shared-ui/site'));
  const schedulingModule = early(import('shared-ui/scheduling'));
  const reactDomModule = early(import('react-dom/client'));
  const appModule = early(import('./App'));

  const { detectBrowserLanguage, initI18n, languageOf, signedOutOfPage } = await i18nModule;
  // A server-rendered page is hydrated in the language it was rendered in.
  const html = document.documentElement;
  const language =
    (html.hasAttribute('data-ssr') && languageOf(html.lang)) || detectBrowserLanguage(window.location.pathname);
  await nextTask();
  await initI18n(language, { es: { common: commonResources.es }, en: { common: commonResources.en } });
  await nextTask();
  const { loadRegistry, registerRemoteApps } = await registryModule;
  registerRemoteApps(await loadRegistry());
  await nextTask();
  const { loadSiteConfig, setSiteConfig } = await siteModule;
  const siteConfig = await loadSiteConfig();
  setSiteConfig(siteConfig);
  (await schedulingModule).loadSchedulingScript(siteConfig.schedulingUrl);
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDomModule;
  await nextTask();
  const { App } = await appModule;
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <SignedOutContext.Provider value={signedOutOfPage(html.getAttribute('data-signed-out'))}>
        <App />
      </SignedOutContext.Provider>
    </StrictMode>
  );
  // The gateway rendered the page: take it over where it stands (nothing repaints). As a
  // transition, hydration yields to the browser every few milliseconds: a tap or a scroll
  // meanwhile is answered at once instead of after one long task.
  if (root.firstElementChild) {
    beforeHydration();
    startTransition(
      () =>
        void hydrateRoot(root, app, {
          // A slot the server left to the browser on purpose is not an error worth reporting.
          onRecoverableError(error) {
            const digest = (error as { digest?: unknown }).digest;
            if (digest !== CLIENT_ONLY_DIGEST) reportError(error);
          },
        }),
    );
  } else createRoot(root).render(app);
}

void start();
