import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/** A list page's heading, with the CSV export of what the filters show when it has one. */
export function TitleRow({
  heading,
  exportUrl,
  level = 1,
  id,
}: {
  heading: string;
  exportUrl?: string;
  /** A list that is a section of its page has an h2. */
  level?: 1 | 2;
  id?: string;
}) {
  const t = useBackofficeT();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.titleRow}>
      <Heading id={id}>{heading}</Heading>
      {exportUrl && (
        <a className={`${controls.secondary} ${controls.compact}`} href={exportUrl} download>
          {t('table.export')}
        </a>
      )}
    </div>
  );
}
