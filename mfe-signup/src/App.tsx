import { addNamespace, pathFor, type RemoteAppProps, SIGNUP_STEP_ORDER } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import { signupResources } from './i18n';
import { Wizard } from './wizard/Wizard';

addNamespace('signup', signupResources);

/** The sign-up remote: the five-step wizard. */
export default function SignupApp({ language }: RemoteAppProps) {
  return (
    <Routes>
      <Route path={pathFor('signup', language)} element={<Wizard language={language} />} />
      {SIGNUP_STEP_ORDER.map((step) => (
        <Route
          key={step}
          path={pathFor('signup', language, step)}
          element={<Wizard language={language} step={step} />}
        />
      ))}
    </Routes>
  );
}
