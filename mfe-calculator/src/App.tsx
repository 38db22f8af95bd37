import { addNamespace, pagePaths, type RemoteAppProps } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { CalculatorPage } from './calculator/CalculatorPage';
import { calculatorResources } from './i18n';
import { WaitlistEntryPage } from './waitlist/WaitlistEntryPage';

addNamespace('calculator', calculatorResources);

/** The calculator remote: the calculator, its storage options, the waitlist and an entry's private page. */
export default function CalculatorApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      {pagePaths('calculator').map((path) => (
        <Route key={path} path={path} element={<CalculatorPage language={language} />} />
      ))}
      {pagePaths('waitlist').map((path) => (
        <Route key={path} path={path} element={<WaitlistEntryPage language={language} />} />
      ))}
    </Routes>
  );
}
