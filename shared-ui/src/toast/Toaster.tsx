import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'shared-router';
import { NAVIGATION_GRACE_MS, useToastHosts, useToasts } from './store';
import styles from './Toaster.module.css';

const canPopover = (element: HTMLElement) => typeof element.showPopover === 'function';

/**
 * Renders the toast queue: polite for news, assertive for errors. A manual popover, so it is in
 * the top layer above any dialog; at the bottom, clear of the header, the step bar and the
 * title, with the page lengthened by its height (`--toast-space`) and focus scrolling stopping
 * above it, so no control stays under it. While a modal dialog is open it lives inside that
 * dialog (the rest of the page is inert there), at the top, over the dialog's title rather than
 * its buttons. A navigation to another page dismisses what was said before it.
 */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const host = useToastHosts((state) => state.hosts.at(-1) ?? null);
  const regionRef = useRef<HTMLDivElement>(null);
  const { pathname, key } = useLocation();
  const shown = useRef({ pathname, key });

  // Before any page's effects: a toast a page raises as it lands belongs to that page, and must
  // not be taken for one said before the navigation that brought the visitor there.
  useLayoutEffect(() => {
    const before = shown.current;
    if (key === before.key && pathname === before.pathname) return;
    shown.current = { pathname, key };
    // Only a new path dismisses: a query of the same page (a step's period) is the same page.
    useToasts.getState().navigated(Date.now() - NAVIGATION_GRACE_MS, pathname !== before.pathname);
  }, [pathname, key]);

  // Each change re-shows the popover: the newest entry of the top layer is the one on top.
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    if (canPopover(region)) {
      // Only where popovers exist: elsewhere (an old browser, a test DOM) the attribute would hide it for good.
      region.setAttribute('popover', 'manual');
      if (region.matches(':popover-open')) region.hidePopover();
      if (toasts.length) region.showPopover();
    }
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty(
        '--toast-space',
        toasts.length && !host ? `${region.getBoundingClientRect().height + 16}px` : '0px',
      );
    reserve();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(reserve);
    observer.observe(region);
    return () => observer.disconnect();
  }, [toasts, host]);

  const region = (
    <div ref={regionRef} className={`${styles.region} ${host ? styles.inDialog : ''}`} data-testid="toaster">
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
  return host ? createPortal(region, host) : region;
}
