import { useCallback, useRef, useState } from 'react';
import styles from './Backoffice.module.css';

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
