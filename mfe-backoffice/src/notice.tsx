import { useCallback, useRef, useState } from 'react';
import styles from './Backoffice.module.css';
import { failureText } from './errors';
import { useBackofficeT } from './texts';

export interface Notice {
  tone: 'ok' | 'error';
  text: string;
}

/** A screen's last message: set anew each time, so the same text twice is announced twice. */
export function useNotice() {
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const count = useRef(0);
  const announce = useCallback((next: Notice | null) => {
    count.current += 1;
    setNotice(next && { ...next, id: count.current });
  }, []);
  return [notice, announce] as const;
}

/** In the page from the start (empty), so that what is put in it is announced. */
export function NoticeArea({ notice }: { notice: (Notice & { id: number }) | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={styles.noticeArea}>
      {notice && (
        <p key={notice.id} className={notice.tone === 'ok' ? styles.ok : styles.error}>
          {notice.text}
        </p>
      )}
    </div>
  );
}

/**
 * A staff action from a page: one at a time (a second tap while it runs does nothing), its outcome
 * announced, a failure in the back-office's words. `run` answers true when the work was done and
 * false when it failed, so that the caller clears its form or reloads only then; undefined when it
 * did not run (another action of the page's still running), when the caller does nothing at all.
 */
export function useStaffAction(announce: (notice: Notice) => void) {
  const t = useBackofficeT();
  const [busy, setBusy] = useState(false);
  // The state lags a render behind: two taps in one frame both see `busy` false.
  const running = useRef(false);
  const run = useCallback(
    async <T,>(work: () => Promise<T>, done: (value: T) => string): Promise<boolean | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const value = await work();
        announce({ tone: 'ok', text: done(value) });
        return true;
      } catch (failure) {
        announce({ tone: 'error', text: failureText(t, failure) });
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [announce, t],
  );
  return { busy, run };
}
