import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { addNamespace, pagePaths, type RemoteAppProps } from 'shared-i18n';
import { PageHeading } from 'shared-ui/page-heading';
import { calculatorResources } from './i18n';

addNamespace('calculator', calculatorResources);

function CalculatorPage() {
  const { t } = useTranslation('calculator');
  return (
    <div data-remote="calculator">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
    </div>
  );
}

/** The calculator remote: calculator, options and waitlist. */
export default function CalculatorApp(_props: RemoteAppProps) {
  return (
    <Routes>
      {pagePaths('calculator').map((path) => (
        <Route key={path} path={path} element={<CalculatorPage />} />
      ))}
    </Routes>
  );
}
