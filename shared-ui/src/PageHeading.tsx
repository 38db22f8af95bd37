import type { ReactNode } from 'react';
import styles from './PageHeading.module.css';

/** A page's title block (the document title is the page's DocumentMeta). */
export function PageHeading({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className={styles.heading}>
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
      {children}
    </header>
  );
}
