import { useEffect } from 'react';
import { useTranslation } from 'shared-i18n';
import { BrowserRouter } from 'shared-router';
import { Toaster } from 'shared-ui/toast';
import { ScrollToTop } from './routing/ScrollToTop';
import { SiteRoutes } from './routing/SiteRoutes';

/** The site inside a router: the browser's, or the server renderer's StaticRouter. */
export function Site() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScrollToTop />
      <SiteRoutes />
      <Toaster closeLabel={t('toast.close')} />
    </>
  );
}

/** Marks the page as taken over by React (`data-ready` on <html>): tests wait for it, not for luck. */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', '');
  }, []);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <Site />
      <ReadyMark />
    </BrowserRouter>
  );
}
