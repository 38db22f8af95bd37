import { type RefObject, useEffect } from 'react';

/**
 * Opens and closes a native <dialog> as a modal from state: focus trapped inside, Esc closes,
 * the page behind inert. Where `showModal` is missing (jsdom) it falls back to the `open`
 * attribute and still moves focus into the dialog.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      if (!dialog.contains(document.activeElement)) {
        dialog.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]')?.focus();
      }
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [ref, open]);
}
