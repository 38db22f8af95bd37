import { useEffect } from 'react';
import {
  detectBrowserLanguage,
  type Language,
  languageOf,
  matchPath,
  REMOTE_OF_PAGE,
  switchLanguage,
  useTranslation,
} from 'shared-i18n';
import { Navigate, Route, Routes, useLocation } from 'shared-router';
import { Layout } from '../layout/Layout';
import { NotFound } from '../not-found/NotFound';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { useLanguageSync } from './useLanguageSync';

/** Remotes whose pages are mostly form controls: nothing may float over them. */
const FORM_REMOTES = new Set<string>(['signup', 'calculator', 'account']);

function ResolvedRoute() {
  const { pathname, search, hash } = useLocation();
  const match = matchPath(pathname);
  // A path without a language (a 404) is in the page's: the one the server rendered (from the
  // request's Accept-Language), then, once hydrated, the browser's own choice (its storage too).
  const { i18n } = useTranslation('common');
  const pathless = match.kind === 'not-found' && !match.lang;
  const language: Language =
    match.kind === 'page' || match.kind === 'backoffice'
      ? match.lang
      : match.kind === 'door'
        ? 'es'
        : (match.kind === 'not-found' && match.lang) || (languageOf(i18n.language) ?? 'es');
  useLanguageSync(language);
  // After the sync above, which keeps the rendered language.
  useEffect(() => {
    if (pathless) void switchLanguage(detectBrowserLanguage(pathname));
  }, [pathless, pathname]);

  if (match.kind === 'redirect') return <Navigate to={`${match.to}${search}${hash}`} replace />;
  // The door tool is a staff keypad: full screen, without the public site's chrome.
  if (match.kind === 'door') return <RemoteSlot key="door" name="door" language="es" />;
  // The staff back-office is a tool too: its own layout, none of the public site's.
  if (match.kind === 'backoffice') return <RemoteSlot key="backoffice" name="backoffice" language={language} />;
  return (
    <Layout
      language={language}
      home={match.kind === 'page' && (match.page === 'home' || match.page === 'hire')}
      formPage={match.kind === 'page' && FORM_REMOTES.has(REMOTE_OF_PAGE[match.page])}
    >
      {match.kind === 'page' ? (
        <RemoteSlot key={REMOTE_OF_PAGE[match.page]} name={REMOTE_OF_PAGE[match.page]} language={language} />
      ) : (
        <NotFound language={language} />
      )}
    </Layout>
  );
}

/** One catch-all route: the localized route table of shared-i18n decides, remotes render their own <Routes>. */
export function SiteRoutes() {
  return (
    <Routes>
      <Route path="*" element={<ResolvedRoute />} />
    </Routes>
  );
}
