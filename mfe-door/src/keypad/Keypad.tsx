import { useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from 'shared-api';
import styles from '../Door.module.css';
import type { Announce } from '../notice';
import { useSession } from '../session/store';
import { useDoorLanguageValue, useDoorT, useRefusalText } from '../texts';
import { KEYPAD_KEY_ATTRIBUTE, keyCommand, keyTargetOf } from './keyboard';
import { useLockout } from './lockout-store';
import { pinAction } from './pin-action';
import { doorOutcomeMessage, isCompletePin, type KeypadAction, keypadReducer, PIN_LENGTH } from './reducer';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'C', '0', '⌫'] as const;

const keyAction = (key: (typeof KEYS)[number]): KeypadAction =>
  key === 'C' ? { type: 'clear' } : key === '⌫' ? { type: 'backspace' } : { type: 'digit', digit: key };

/** Results go to `announce`: the door screen's one live region, which outlives this view. */
/** `focusOnShow`: the keypad takes the focus when shown (after a PIN change), so Enter is ENTRADA. */
export function Keypad({ announce, focusOnShow = false }: { announce: Announce; focusOnShow?: boolean }) {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const refusalText = useRefusalText();
  const token = useSession((s) => s.token);
  const signOut = useSession((s) => s.signOut);
  const locked = useLockout((s) => s.seconds > 0);
  const lockUntil = useLockout((s) => s.lockUntil);
  const [pin, dispatch] = useReducer(keypadReducer, '');
  const [busy, setBusy] = useState(false);
  // aria-disabled, not disabled: a disabled button drops the focus (to the page), so a keyboard
  // or screen-reader user pressing Entrada would lose his place at every attempt.
  const inert = busy || locked;

  const press = (action: KeypadAction) => {
    if (!inert) dispatch(action);
  };

  const act = async (door_action: 'ENTRADA' | 'SALIDA') => {
    if (inert || !token) return;
    if (!isCompletePin(pin)) {
      announce({ tone: 'error', text: t('keypad.pinRequired') });
      return;
    }
    setBusy(true);
    try {
      const { answer, clock } = await pinAction('door_action', { token, pin, door_action });
      if (answer.lockedUntil) {
        lockUntil(answer.lockedUntil, clock);
        announce({ tone: 'error', text: t('keypad.lockedOut'), lockout: true });
      } else {
        announce({ tone: answer.success ? 'ok' : 'error', text: doorOutcomeMessage(answer, door_action, language) });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) signOut();
      announce({ tone: 'error', text: refusalText(e, t('keypad.failed')) });
    } finally {
      dispatch({ type: 'clear' }); // the PIN is cleared after every attempt
      setBusy(false);
    }
  };

  // The listener is added once; it calls the latest render's handlers.
  const latest = useRef({ press, act });
  latest.current = { press, act };
  const section = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the keypad is shown
  useEffect(() => {
    if (focusOnShow) section.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = keyCommand(event, keyTargetOf(event.target));
      if (!command) return;
      if (command.type === 'enter') {
        // On a keypad key, Enter would also click that key: ENTRADA instead.
        event.preventDefault();
        void latest.current.act('ENTRADA');
      } else {
        latest.current.press(command);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-labelledby="keypad-title" className={styles.keypad} ref={section} tabIndex={-1}>
      <h2 id="keypad-title" className="visually-hidden">
        {t('keypad.heading')}
      </h2>
      <div
        className={styles.display}
        role="img"
        aria-label={t('keypad.display', { count: pin.length, length: PIN_LENGTH })}
        data-testid="pin-display"
      >
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of the display
          <span key={i}>{pin[i] ? '•' : ''}</span>
        ))}
      </div>
      <div className={styles.keys}>
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            {...{ [KEYPAD_KEY_ATTRIBUTE]: '' }}
            onClick={() => press(keyAction(key))}
            aria-disabled={inert}
            aria-label={key === 'C' ? t('keypad.clear') : key === '⌫' ? t('keypad.backspace') : key}
          >
            {key}
          </button>
        ))}
      </div>
      <div className={styles.doorButtons} data-testid="door-buttons">
        <button type="button" className={styles.enter} onClick={() => act('ENTRADA')} aria-disabled={inert}>
          {t('keypad.entry')}
        </button>
        <button type="button" className={styles.exit} onClick={() => act('SALIDA')} aria-disabled={inert}>
          {t('keypad.exit')}
        </button>
      </div>
    </section>
  );
}
