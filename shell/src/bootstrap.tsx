import 'shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, initI18n, LANGUAGE_STORAGE_KEY } from 'shared-i18n';
import { loadSchedulingScript } from 'shared-ui/scheduling';
import { loadSiteConfig, setSiteConfig } from 'shared-ui/site';
import { App } from './App';
import { commonResources } from './i18n/common';
import { loadRegistry, registerRemoteApps } from './remotes/registry';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function start() {
  const language = detectLanguage({
    pathname: window.location.pathname,
    browserLanguages: navigator.languages ?? [navigator.language],
    stored: storedLanguage(),
  });

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
