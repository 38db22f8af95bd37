import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'shared-ui/toast';
import { ScrollToTop } from './routing/ScrollToTop';
import { SiteRoutes } from './routing/SiteRoutes';

export function App() {
  const { t } = useTranslation('common');
  return (
    <BrowserRouter>
      <ScrollToTop />
      <SiteRoutes />
      <Toaster closeLabel={t('toast.close')} />
    </BrowserRouter>
  );
}
