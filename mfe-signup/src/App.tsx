import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { addNamespace, pathFor, type RemoteAppProps, SIGNUP_STEP_ORDER, type SignupStep } from 'shared-i18n';
import { PageHeading } from 'shared-ui/page-heading';
import { signupResources } from './i18n';

addNamespace('signup', signupResources);

function SignupPage({ step }: { step?: SignupStep }) {
  const { t } = useTranslation('signup');
  return (
    <div data-remote="signup">
      <PageHeading title={t('title')} subtitle={step ? t(`steps.${step}`) : t('description')} />
    </div>
  );
}

/** The sign-up remote: the five-step wizard. */
export default function SignupApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      <Route path={pathFor('signup', language)} element={<SignupPage />} />
      {SIGNUP_STEP_ORDER.map((step) => (
        <Route key={step} path={pathFor('signup', language, step)} element={<SignupPage step={step} />} />
      ))}
    </Routes>
  );
}
