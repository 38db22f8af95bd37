import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the visitor is moving through the page with the keyboard: from a Tab until the next
 * pointer press. The home page's only header is away until 200 px of scroll, out of the Tab
 * order; while the keyboard is in use it stays in view, so the menu and ES/EN can be reached
 * without scrolling (field test 3, item 14). The state is committed inside the keydown, before
 * the browser moves the focus, so that the very first Tab can enter the header.
 */
export function useKeyboardNavigation(enabled: boolean): boolean {
  const [keyboard, setKeyboard] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') flushSync(() => setKeyboard(true));
    };
    const onPointer = () => setKeyboard(false);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [enabled]);
  return enabled && keyboard;
}
