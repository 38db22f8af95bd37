import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
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
    </BrowserRouter>
  );
}
