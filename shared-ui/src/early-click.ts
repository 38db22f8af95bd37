import { useEffect, useRef } from 'react';

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
 * The inline capture, streamed with the page (the server renderer's bootstrap script, under the
 * response's CSP nonce). Only the last tap is kept: two taps on two buttons before the scripts
 * mean the second. It answers for each marked button until that button's own code claims it:
 * the shell hydrates before a remote's code has arrived, so the home page's buttons can still be
 * dead while the header's already work. A kept tap goes no further (React, listening on the page
 * by then, would drop it or replay it a second time).
 */
export const EARLY_CLICK_CAPTURE = `(function(){var pending=null;var taken=new WeakSet();document.addEventListener('click',function(event){var target=event.target;var button=target&&target.closest&&target.closest('[${EARLY_CLICK_ATTRIBUTE}]');if(!button||button.disabled||taken.has(button))return;event.stopPropagation();if(pending&&pending!==button)pending.removeAttribute('aria-busy');pending=button;button.setAttribute('aria-busy','true')},true);window.__claimEarlyClick=function(button){taken.add(button);if(pending!==button)return false;pending=null;button.removeAttribute('aria-busy');return true}})()`;

/**
 * Props for a button whose tap before the scripts must not be lost: spread them on it. Once the
 * button is hydrated, a tap kept for it is replayed (after the commit's other effects, so the
 * dialog it opens is listening), with focus on the button for the dialog to return it to.
 */
export function useEarlyClick<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button || !window.__claimEarlyClick?.(button)) return;
    // Not cleared on cleanup: the claim is spent, and StrictMode's rehearsal unmount would lose it.
    setTimeout(() => {
      if (!button.isConnected) return;
      button.focus();
      button.click();
    });
  }, []);
  return { ref, [EARLY_CLICK_ATTRIBUTE]: '' } as const;
}
