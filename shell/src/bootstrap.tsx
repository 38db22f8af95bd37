import 'shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectBrowserLanguage, initI18n } from 'shared-i18n';
import { loadSchedulingScript } from 'shared-ui/scheduling';
import { loadSiteConfig, setSiteConfig } from 'shared-ui/site';
import { App } from './App';
import { commonResources } from './i18n/common';
import { loadRegistry, registerRemoteApps } from './remotes/registry';

async function start() {
  const language = detectBrowserLanguage(window.location.pathname);

  const [registry, site] = await Promise.all([
    loadRegistry(),
    loadSiteConfig(),
    initI18n(language, { es: { common: commonResources.es }, en: { common: commonResources.en } }),
  ]);
  registerRemoteApps(registry);
  setSiteConfig(site);
  loadSchedulingScript(site.schedulingUrl);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
