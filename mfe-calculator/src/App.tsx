import { lazy, Suspense } from 'react';
import { addNamespace, pagePaths, type RemoteAppProps, useTranslation } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { CalculatorPage } from './calculator/CalculatorPage';
import { calculatorResources } from './i18n';
// The lazy views' styles come with the remote, not with their code: the gateway puts a remote's
// stylesheets in the head of the server-rendered page, where each more file blocks the first paint.
import './options/Options.module.css';
import './waitlist/WaitlistEntry.module.css';

addNamespace('calculator', calculatorResources);

// An entry's private page (reached from an e-mail) and the API contracts it checks load only
// there: the calculator, the public page, does not carry them.
const WaitlistEntryPage = lazy(() =>
  import('./waitlist/WaitlistEntryPage').then((module) => ({ default: module.WaitlistEntryPage })),
);

function EntryLoading() {
  const { t } = useTranslation('calculator');
  return <p role="status">{t('entry.loading')}</p>;
}

/** The calculator remote: the calculator, its storage options, the waitlist and an entry's private page. */
export default function CalculatorApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      {pagePaths('calculator').map((path) => (
        <Route key={path} path={path} element={<CalculatorPage language={language} />} />
      ))}
      {pagePaths('waitlist').map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<EntryLoading />}>
              <WaitlistEntryPage language={language} />
            </Suspense>
          }
        />
      ))}
    </Routes>
  );
}
