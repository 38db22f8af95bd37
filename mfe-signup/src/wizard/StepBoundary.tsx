import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { SignupStep } from 'shared-i18n';
import { FailedWithRetry } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { ErrorBoundary } from 'shared-ui/error-boundary';
import { fetchStepAgain, stepComponent } from './step-components';
import styles from './Wizard.module.css';

/** The wizard's step title (tabIndex -1), where focus goes when the step's content is replaced. */
export const STEP_TITLE_ID = 'signup-step-title';

interface Props {
  step: SignupStep;
  /** Shown while the step's code arrives. */
  loading: ReactNode;
  /** "This step could not be loaded", in the page's language. */
  failed: string;
  retry: string;
}

/**
 * One step of the wizard: its code fetched when shown, and a failure to fetch it (or to render
 * it) kept to the step, with a way to try again, instead of taking the whole sign-up down. The
 * wizard keys it by step, so each step starts with its loading line and a clean slate.
 */
export function StepBoundary({ step, loading, failed, retry }: Props) {
  const [attempt, setAttempt] = useState(0);
  const tryAgain = useCallback(() => {
    fetchStepAgain(step);
    setAttempt((n) => n + 1);
  }, [step]);
  // The Retry button goes away: focus goes to the step's title, not to the page's start.
  useEffect(() => {
    if (attempt > 0) document.getElementById(STEP_TITLE_ID)?.focus();
  }, [attempt]);

  const Step = stepComponent(step);
  return (
    <ErrorBoundary
      key={attempt}
      label={`[signup] the ${step} step`}
      fallback={
        <FailedWithRetry
          failed={failed}
          retryLabel={retry}
          onRetry={tryAgain}
          classNames={{ alert: styles.status, button: controls.primary }}
        />
      }
    >
      <Suspense fallback={loading}>
        <Step />
      </Suspense>
    </ErrorBoundary>
  );
}
