import { useToasts } from './store';
import styles from './Toaster.module.css';

/** Renders the toast queue: polite for news, assertive for errors. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div className={styles.region} data-testid="toaster">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`${styles.toast} ${t.variant === 'default' ? '' : styles[t.variant]}`}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
        >
          <div className={styles.text}>
            <p className={styles.title}>{t.title}</p>
            {t.description && <p className={styles.description}>{t.description}</p>}
          </div>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
