import { useTranslation } from 'shared-i18n';
import styles from '../Marketing.module.css';

const KINDS = ['boxes', 'units', 'furniture'] as const;

/** The three kinds of storage with their sizes (spec §1). */
export function StorageKinds({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('marketing');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.cards}>
      {KINDS.map((kind) => (
        <li key={kind} className={styles.card}>
          <Heading>{t(`kinds.${kind}.title`)}</Heading>
          <p>{t(`kinds.${kind}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
