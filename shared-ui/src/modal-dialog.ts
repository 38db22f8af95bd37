import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';
// Through the package name: the toast module is a federation singleton, this file is not.
import { addToastHost, removeToastHost } from 'shared-ui/toast';

/**
 * Closes a dialog now, whatever its state says. For a close asked from inside it: a dialog the
 * browser opened before React took the page over may be open while the state already says closed
 * (a tap kept before the scripts, replayed before the state adopted the open menu).
 */
export function closeDialog(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/**
 * Opens and closes a native <dialog> as a modal from state: focus trapped inside, Esc closes,
 * the page behind inert. Where `showModal` is missing (an old browser, jsdom) it falls back to the `open`
 * attribute and still moves focus into the dialog.
 *
 * A dialog the browser opened before React took the page over (a button's `command`) is found
 * open at the first run: `adopt` is called to make the state say so, instead of closing it
 * under the visitor's finger.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, adopt?: () => void): void {
  const firstRun = useRef(true);
  /** Whether there was someone to adopt the open dialog. */
  const adoptOpenDialog = useEffectEvent((): boolean => {
    adopt?.();
    return adopt !== undefined;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const openedBeforeReact = firstRun.current && !open && dialog.open;
    firstRun.current = false;
    if (openedBeforeReact && adoptOpenDialog()) return;
    if (open) {
      if (!dialog.open) {
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
        if (!dialog.contains(document.activeElement)) {
          dialog.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]')?.focus();
        }
      }
      // The page behind is inert now: toasts move into the dialog to stay readable and closable.
      addToastHost(dialog);
    }
    if (!open && dialog.open) {
      closeDialog(dialog);
      removeToastHost(dialog);
    }
    // Esc closes the dialog without React: the host goes with it.
    const release = () => removeToastHost(dialog);
    dialog.addEventListener('close', release);
    return () => {
      dialog.removeEventListener('close', release);
      // Unmounted while open (the page changed): the detached dialog must not keep the toasts.
      queueMicrotask(() => {
        if (!dialog.isConnected || !dialog.open) removeToastHost(dialog);
      });
    };
  }, [ref, open]);
}
