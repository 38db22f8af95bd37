import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Language } from 'shared-i18n';
import { VISIT_BOOKING_EVENT } from 'shared-ui/scheduling';

// Its own chunk: loaded the first time someone asks to book, never with the page.
const VisitBookingDialog = lazy(() => import('./VisitBookingDialog'));

/**
 * "Book a visit" without a scheduling page configured (shared-ui/scheduling) opens the site's
 * own booking. Focus goes back to the button that opened it.
 */
export function VisitBookingHost({ language }: { language: Language }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onAsk = () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsked(true);
      setOpen(true);
    };
    window.addEventListener(VISIT_BOOKING_EVENT, onAsk);
    return () => window.removeEventListener(VISIT_BOOKING_EVENT, onAsk);
  }, []);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <VisitBookingDialog
        open={open}
        language={language}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      />
    </Suspense>
  );
}
