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
    /** Defined by the capture: takes its status region out of the page React is about to hydrate. */
    __earlyClickBeforeHydration?: () => void;
  }
}

/** What a tap lands on when it means something: a later one there drops the tap kept before it. */
const ACTS = 'a,button,summary,input,select,textarea,label,[role=button]';

/**
 * The capture itself, as the page runs it from its head: a plain function that uses nothing from
 * outside itself (it is written into the page as its source, `earlyClickCapture`), in the syntax
 * every browser the site supports runs as it is.
 *
 * It answers for each marked button until that button's own code claims it: the shell hydrates
 * before a remote's code has arrived, so the home page's buttons can still be dead while the
 * header's already work. A kept tap goes no further (React, listening on the page by then, would
 * drop it or answer it a second time).
 *
 * Only the visitor's last word counts: a later tap on another marked button replaces the kept
 * one, and a later tap on anything else that acts (`acts`: a link, the menu, a button React
 * already has) drops it. So does the button going without being claimed (its part of the page
 * failed and was replaced, a navigation): nothing opens later, unasked.
 *
 * `pendingMessage`, in the page's language, is said by a status region at the tap, a moment after
 * the region appears so that screen readers take it as news (`aria-busy` on a button alone is not
 * announced by every screen reader), inside the open menu when the button is there: a modal dialog makes the rest of the page inert, and unheard. It leaves the
 * menu for the body before React hydrates (`beforeHydration`): React takes a node it did not
 * render for a mismatch, and would render the whole shell again, dropping the kept tap.
 */
function capture(attribute: string, acts: string, pendingMessage: string): void {
  let pending: Element | null = null;
  let status: HTMLElement | null = null;
  let watch: MutationObserver | null = null;
  let hydrating = false;
  const taken = new WeakSet<Element>();
  const clear = () => {
    if (pending) {
      pending.removeAttribute('aria-busy');
      pending = null;
    }
    if (status) {
      status.remove();
      status = null;
    }
    if (watch) {
      watch.disconnect();
      watch = null;
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const button = target.closest(`[${attribute}]`);
      if (!button || taken.has(button)) {
        if (target.closest(acts)) clear();
        return;
      }
      event.stopPropagation();
      // A submit button's tap (or Enter in its form) would send the form natively: a reload
      // that loses what was typed. It is kept instead, and sent by the form's own code.
      event.preventDefault();
      clear();
      pending = button;
      button.setAttribute('aria-busy', 'true');
      const region = document.createElement('div');
      status = region;
      region.setAttribute('role', 'status');
      region.className = 'visually-hidden';
      ((!hydrating && button.closest('dialog[open]')) || document.body).appendChild(region);
      setTimeout(() => {
        region.textContent = pendingMessage;
      }, 100);
      if (window.MutationObserver) {
        watch = new MutationObserver(() => {
          if (pending && !pending.isConnected) clear();
        });
        watch.observe(document.body, { childList: true, subtree: true });
      }
    },
    true,
  );
  window.__claimEarlyClick = (button) => {
    taken.add(button);
    if (pending !== button) return false;
    clear();
    return true;
  };
  window.__earlyClickBeforeHydration = () => {
    hydrating = true;
    if (status && status.parentNode !== document.body) document.body.appendChild(status);
  };
}

/**
 * The capture as the page's head script (the gateway writes it under the response's CSP nonce),
 * so it listens before anything can be tapped: `capture`'s own source, called with its
 * arguments. The arguments are JSON with every `<` escaped: nothing in a message can end the tag.
 */
export function earlyClickCapture(pendingMessage: string): string {
  const args = [EARLY_CLICK_ATTRIBUTE, ACTS, pendingMessage].map((value) =>
    JSON.stringify(value).replace(/</g, '\\u003c'),
  );
  return `(${capture.toString()})(${args.join(',')})`;
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
 * `ready` false leaves the button to the capture (its tap kept, pending) until its code can act
 * on it: the sign-up's step bar waits for the wizard to know which registration it is showing.
 *
 * A tap kept before hydration leaves `aria-busy` on the server's button, which React reports as
 * a mismatch in development only; not suppressed, so a real mismatch in the button still shows.
 */
export function useEarlyClick<T extends HTMLElement>(ready = true) {
  const kept = useRef<T | null>(null);
  // A new callback when `ready` turns true: React calls it with the button, which is claimed then.
  const ref = useCallback(
    (button: T | null) => {
      if (ready && button && window.__claimEarlyClick?.(button)) kept.current = button;
    },
    [ready],
  );
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
  return { ref, [EARLY_CLICK_ATTRIBUTE]: '' } as const;
}

/** Called just before hydration: the capture's region must not be inside what React hydrates. */
export function beforeHydration(): void {
  window.__earlyClickBeforeHydration?.();
}
