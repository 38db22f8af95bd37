import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import type { SignupStep } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
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
export class StepBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[signup] the ${this.props.step} step failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    fetchStepAgain(this.props.step);
    // The Retry button goes away: focus goes to the step's title, not to the page's start.
    this.setState({ failed: false }, () => document.getElementById(STEP_TITLE_ID)?.focus());
  };

  override render() {
    if (this.state.failed) {
      return (
        <div className={styles.status} role="alert">
          <p>{this.props.failed}</p>
          <button type="button" className={controls.primary} onClick={this.retry}>
            {this.props.retry}
          </button>
        </div>
      );
    }
    const Step = stepComponent(this.props.step);
    return (
      <Suspense fallback={this.props.loading}>
        <Step />
      </Suspense>
    );
  }
}
