import 'shared-ui/tokens.css';
import { StrictMode, startTransition } from 'react';
import { detectBrowserLanguage, initI18n, prepareFormatters } from 'shared-i18n';
import { loadSchedulingScript } from 'shared-ui/scheduling';
import { loadSiteConfig, setSiteConfig } from 'shared-ui/site';
import { commonResources } from './i18n/common';
import { CLIENT_ONLY_DIGEST } from './remotes/loader-context';
import { nextTask } from './remotes/next-task';
import { loadRegistry, registerRemoteApps } from './remotes/registry';

async function start() {
  const language = detectBrowserLanguage(window.location.pathname);
  // Fetched now, evaluated one at a time below: React DOM and the site's code each start in a
  // task of their own instead of one long task behind the last script to arrive.
  const reactDom = import('react-dom/client');
  const site = import('./App');

  const [registry, siteConfig] = await Promise.all([
    loadRegistry(),
    loadSiteConfig(),
    nextTask().then(() =>
      initI18n(language, { es: { common: commonResources.es }, en: { common: commonResources.en } }),
    ),
  ]);
  await nextTask();
  registerRemoteApps(registry);
  setSiteConfig(siteConfig);
  loadSchedulingScript(siteConfig.schedulingUrl);

  await nextTask();
  prepareFormatters(language);
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDom;
  await nextTask();
  const { App } = await site;
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The gateway rendered the page: take it over where it stands (nothing repaints). As a
  // transition, hydration yields to the browser every few milliseconds: a tap or a scroll
  // meanwhile is answered at once instead of after one long task.
  if (root.firstElementChild) {
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
