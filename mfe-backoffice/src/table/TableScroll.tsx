import type { ReactNode } from 'react';
import styles from '../Backoffice.module.css';

/**
 * A wide table's box, scrolled sideways on a phone: focusable and named, so a keyboard user can
 * scroll it too and a screen reader says what it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard (WCAG 2.1.1)
    <section className={styles.tableScroll} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
