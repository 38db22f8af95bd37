import type { ReactNode } from 'react';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { useWizard } from './context';
import styles from './Wizard.module.css';

/** The row under a step: Previous on the left, the step's own forward action on the right. */
export function StepActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  return (
    <div className={styles.actions}>
      <button type="button" className={controls.secondary} onClick={wizard.back}>
        {t('common.previous')}
      </button>
      {children}
    </div>
  );
}
