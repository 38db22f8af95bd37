import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { addNamespace, pagePaths, type RemoteAppProps } from 'shared-i18n';
import { PageHeading } from 'shared-ui/page-heading';
import { marketingResources } from './i18n';

addNamespace('marketing', marketingResources);

type MarketingPage = 'home' | 'facilities' | 'privacy' | 'terms';

function Page({ page }: { page: MarketingPage }) {
  const { t } = useTranslation('marketing');
  const subtitle = page === 'home' || page === 'facilities' ? t(`${page}.subtitle`) : t(`${page}.updated`);
  return (
    <div data-remote="marketing">
      <PageHeading title={t(`${page}.title`)} subtitle={subtitle} />
    </div>
  );
}

/** The marketing remote: home, facilities, privacy and terms. */
export default function MarketingApp(_props: RemoteAppProps) {
  return (
    <Routes>
      {[...pagePaths('home'), ...pagePaths('hire')].map((path) => (
        <Route key={path} path={path} element={<Page page="home" />} />
      ))}
      {(['facilities', 'privacy', 'terms'] as const).flatMap((page) =>
        pagePaths(page).map((path) => <Route key={path} path={path} element={<Page page={page} />} />),
      )}
    </Routes>
  );
}
