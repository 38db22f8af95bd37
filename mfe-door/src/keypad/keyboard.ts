/** A physical keyboard on the keypad screen: digits type, Backspace erases, Escape clears, Enter is ENTRADA. */
export type KeyCommand =
  | { type: 'digit'; digit: string }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'enter' };

/**
 * Where the key was pressed: a text field (its own keys), one of the keypad's digit or clear keys,
 * another control (a button or link, whose own Enter must win), or nothing in particular.
 */
export type KeyTarget = 'text-field' | 'keypad-key' | 'control' | 'none';

export interface KeyPress {
  key: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export function keyCommand(press: KeyPress, target: KeyTarget): KeyCommand | null {
  if (target === 'text-field' || press.ctrlKey || press.altKey || press.metaKey) return null;
  if (/^\d$/.test(press.key)) return { type: 'digit', digit: press.key };
  if (press.key === 'Backspace') return { type: 'backspace' };
  if (press.key === 'Escape') return { type: 'clear' };
  // Enter on Salida, Salir or Cambiar PIN presses that button; held down, it opens the door once.
  if (press.key === 'Enter' && target !== 'control' && !press.repeat) return { type: 'enter' };
  return null;
}

/** Marks the keypad's own keys, on which Enter means ENTRADA rather than that key once more. */
export const KEYPAD_KEY_ATTRIBUTE = 'data-keypad-key';

export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof Element)) return 'none';
  if (target.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) {
    return 'text-field';
  }
  if (target.closest(`[${KEYPAD_KEY_ATTRIBUTE}]`)) return 'keypad-key';
  if (target.closest('button, a[href], summary, [role="button"], [role="link"]')) return 'control';
  return 'none';
}
