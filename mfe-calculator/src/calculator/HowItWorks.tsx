import { useTranslation } from 'shared-i18n';
import styles from './Calculator.module.css';

export function HowItWorks() {
  const { t } = useTranslation('calculator');
  const steps = t('howItWorks.steps', { returnObjects: true }) as { title: string; text: string }[];
  const notes = t('howItWorks.notes', { returnObjects: true }) as string[];
  return (
    <section className={styles.howItWorks} aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title">{t('howItWorks.title')}</h2>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <ul className={styles.notes}>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
