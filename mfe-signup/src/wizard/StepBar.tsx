import { SIGNUP_STEP_ORDER, type SignupStep, useTranslation } from 'shared-i18n';
import { useEarlyClick } from 'shared-ui/early-click';
import { toast } from 'shared-ui/toast';
import { type CompletedSections, type StepState, stepState } from './steps';
import styles from './Wizard.module.css';

/** Five steps: the current one highlighted, completed ones green, locked ones refuse with a toast. */
export function StepBar({
  current,
  sections,
  onSelect,
  ready,
}: {
  current: SignupStep;
  sections: CompletedSections;
  onSelect(step: SignupStep): void;
  /** False while the wizard lands (reads the draft): a tap meanwhile is kept and acted on after. */
  ready: boolean;
}) {
  const { t } = useTranslation('signup');
  return (
    <nav aria-label={t('stepBar.label')}>
      <ol className={styles.stepBar}>
        {SIGNUP_STEP_ORDER.map((step, index) => {
          const state = stepState(step, current, sections);
          const status =
            state === 'completed'
              ? t('stepBar.completed')
              : state === 'current'
                ? t('stepBar.current')
                : state === 'locked'
                  ? t('stepBar.locked')
                  : '';
          return (
            <li key={step} className={styles.stepItem} data-state={state}>
              <StepButton
                step={step}
                number={index + 1}
                state={state}
                status={status}
                ready={ready}
                onSelect={() => {
                  if (state === 'current') return;
                  if (state === 'locked') {
                    toast({
                      title: t('toasts.accessDeniedTitle'),
                      description: t('toasts.accessDenied'),
                      variant: 'destructive',
                    });
                    return;
                  }
                  onSelect(step);
                }}
              />
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One step; a tap before the scripts have run is kept and acted on once they have. */
function StepButton({
  step,
  number,
  state,
  status,
  ready,
  onSelect,
}: {
  step: SignupStep;
  number: number;
  state: StepState;
  status: string;
  ready: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation('signup');
  const earlyClick = useEarlyClick<HTMLButtonElement>(ready);
  return (
    <button
      {...earlyClick}
      type="button"
      className={styles.stepButton}
      aria-current={state === 'current' ? 'step' : undefined}
      aria-disabled={state === 'locked' ? true : undefined}
      onClick={onSelect}
    >
      <span className={styles.stepNumber} aria-hidden="true">
        {state === 'completed' ? '✓' : number}
      </span>
      <span className={styles.stepLabel}>{t(`steps.${step}`)}</span>
      {status && <span className="visually-hidden">({status})</span>}
    </button>
  );
}
