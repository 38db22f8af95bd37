import { type ReactNode, useEffect } from 'react';
import styles from './PageHeading.module.css';

/** A page's title block; also sets the document title. */
export function PageHeading({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <header className={styles.heading}>
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
      {children}
    </header>
  );
}
