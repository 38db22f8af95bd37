import { useTranslation } from 'shared-i18n';
import { BrowserRouter } from 'shared-router';
import { ReadyMark } from 'shared-ui/ready-mark';
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

export function App() {
  return (
    <BrowserRouter>
      <Site />
      <ReadyMark />
    </BrowserRouter>
  );
}
