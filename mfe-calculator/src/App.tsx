import { addNamespace, pagePaths, type RemoteAppProps } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { CalculatorPage } from './calculator/CalculatorPage';
import { calculatorResources } from './i18n';

addNamespace('calculator', calculatorResources);

/** The calculator remote: the calculator, its storage options and the waitlist. */
export default function CalculatorApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      {pagePaths('calculator').map((path) => (
        <Route key={path} path={path} element={<CalculatorPage language={language} />} />
      ))}
    </Routes>
  );
}
