import { addNamespace, pagePaths, type RemoteAppProps } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { FacilitiesPage } from './facilities/FacilitiesPage';
import { HomePage } from './home/HomePage';
import { marketingResources } from './i18n';
import { LegalPage } from './legal/LegalPage';

addNamespace('marketing', marketingResources);

/** The marketing remote: home, facilities, privacy and terms. */
export default function MarketingApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      {pagePaths('home').map((path) => (
        <Route key={path} path={path} element={<HomePage language={language} />} />
      ))}
      {pagePaths('hire').map((path) => (
        <Route key={path} path={path} element={<HomePage language={language} hire />} />
      ))}
      {pagePaths('facilities').map((path) => (
        <Route key={path} path={path} element={<FacilitiesPage language={language} />} />
      ))}
      {(['privacy', 'terms'] as const).flatMap((kind) =>
        pagePaths(kind).map((path) => (
          <Route key={path} path={path} element={<LegalPage kind={kind} language={language} />} />
        )),
      )}
    </Routes>
  );
}
