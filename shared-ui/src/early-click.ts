import { useCallback, useEffect, useRef } from 'react';

/**
 * A server-rendered page is on a phone's screen seconds before its scripts have run (under
 * Lighthouse's slow 4G, /es paints at 0.9 s and is React's at 3.8 s). Links and the menu work
 * natively meanwhile; a button that opens something (Book a visit, Learn more, the chat) does
 * not. Marked with this attribute, its tap is kept by a small inline capture, shown as pending
 * (`aria-busy`), and replayed once the button's own code has taken it over.
 */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

declare global {
  interface Window {
    /** Defined by the capture: the button's code has taken it over; true once if a tap was kept for it. */
    __claimEarlyClick?: (button: Element) => boolean;
  }
}

/**
 * The inline capture, run from the page's head (the gateway writes it under the response's CSP
 * nonce), so it listens before anything can be tapped. Only the last tap is kept: two taps on two
 * buttons before the scripts mean the second. It answers for each marked button until that
 * button's own code claims it: the shell hydrates before a remote's code has arrived, so the home
 * page's buttons can still be dead while the header's already work. A kept tap goes no further
 * (React, listening on the page by then, would drop it or answer it a second time).
 *
 * `pendingMessage`, in the page's language, is said by a status region at the tap: `aria-busy`
 * on a button alone is not announced by every screen reader.
 */
export function earlyClickCapture(pendingMessage: string): string {
  const message = JSON.stringify(pendingMessage).replace(/</g, '\\u003c');
  return `(function(){var pending=null;var taken=new WeakSet();var status=null;document.addEventListener('click',function(event){var target=event.target;var button=target&&target.closest&&target.closest('[${EARLY_CLICK_ATTRIBUTE}]');if(!button||taken.has(button))return;event.stopPropagation();if(pending&&pending!==button)pending.removeAttribute('aria-busy');pending=button;button.setAttribute('aria-busy','true');if(!status){status=document.createElement('div');status.setAttribute('role','status');status.className='visually-hidden';document.body.appendChild(status)}var region=status;region.textContent='';setTimeout(function(){region.textContent=${message}},100)},true);window.__claimEarlyClick=function(button){taken.add(button);if(pending!==button)return false;pending=null;button.removeAttribute('aria-busy');if(status){status.remove();status=null}return true}})()`;
}

/**
 * Props for a button whose tap before the scripts must not be lost: spread them on it.
 *
 * Each element the button is rendered as is claimed (a ref callback, not a mount effect: a button
 * React renders anew, the chat's launcher once docked, must be claimed too, or the capture would
 * keep its taps forever). A kept tap is replayed from a task queued by this component's effect,
 * so after every effect of the commit: the dialog it opens is listening by then. Focus goes to the
 * button first, for the dialog to give back.
 *
 * `suppressHydrationWarning`: a tap kept before hydration leaves `aria-busy` on the server's
 * button, which React (in development) would report as a mismatch; the claim removes it.
 */
export function useEarlyClick<T extends HTMLElement>() {
  const kept = useRef<T | null>(null);
  const ref = useCallback((button: T | null) => {
    if (button && window.__claimEarlyClick?.(button)) kept.current = button;
  }, []);
  // Every commit: the one that claimed the button runs it (its owner rendered the button).
  useEffect(() => {
    const button = kept.current;
    if (!button) return;
    kept.current = null;
    // Not cleared on cleanup: the claim is spent, and StrictMode's rehearsal unmount would lose it.
    setTimeout(() => {
      if (!button.isConnected) return;
      // The visitor may have scrolled on meanwhile: the page stays where it is.
      button.focus({ preventScroll: true });
      button.click();
    });
  });
  return { ref, [EARLY_CLICK_ATTRIBUTE]: '', suppressHydrationWarning: true } as const;
}
