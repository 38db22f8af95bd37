import { useCallback, useEffect, useReducer, useState } from 'react';
import { ApiError, api } from 'shared-api';
import styles from '../Door.module.css';
import { useSession } from '../session/store';
import { doorOutcomeMessage, isCompletePin, keypadReducer, PIN_LENGTH } from './reducer';
import { useCountdown } from './useCountdown';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'C', '0', '⌫'] as const;

export function Keypad() {
  const token = useSession((s) => s.token);
  const signOut = useSession((s) => s.signOut);
  const [pin, dispatch] = useReducer(keypadReducer, '');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const seconds = useCountdown(lockedUntil);
  const locked = seconds > 0;

  const press = useCallback((key: string) => {
    if (key === 'C') dispatch({ type: 'clear' });
    else if (key === '⌫') dispatch({ type: 'backspace' });
    else dispatch({ type: 'digit', digit: key });
  }, []);

  // Digits, Backspace and Escape on a physical keyboard work too.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') press('⌫');
      else if (event.key === 'Escape') press('C');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [press]);

  const act = async (door_action: 'ENTRADA' | 'SALIDA') => {
    if (locked) {
      setResult({ ok: false, text: `Espere ${seconds} segundos antes del próximo intento` });
      return;
    }
    if (!isCompletePin(pin)) {
      setResult({ ok: false, text: 'Debe ingresar un PIN de 4 dígitos' });
      return;
    }
    if (!token) return;
    setBusy(true);
    try {
      const answer = await api.action('abridor', 'door_action', { token, pin, door_action });
      if (answer.lockedUntil) setLockedUntil(new Date(answer.lockedUntil).getTime());
      setResult({ ok: answer.success, text: doorOutcomeMessage(answer) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) signOut();
      setResult({ ok: false, text: e instanceof ApiError && e.message ? e.message : 'Error al procesar la acción' });
    } finally {
      dispatch({ type: 'clear' }); // the PIN is cleared after every attempt
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="keypad-title" className={styles.form}>
      <h2 id="keypad-title" className="visually-hidden">
        Teclado
      </h2>
      <div
        className={styles.display}
        role="img"
        aria-label={`PIN: ${pin.length} de ${PIN_LENGTH} dígitos`}
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
            onClick={() => press(key)}
            disabled={busy}
            aria-label={key === 'C' ? 'Borrar todo' : key === '⌫' ? 'Borrar último dígito' : key}
          >
            {key}
          </button>
        ))}
      </div>
      <div className={styles.doorButtons}>
        <button type="button" className={styles.enter} onClick={() => act('ENTRADA')} disabled={busy}>
          Entrada
        </button>
        <button type="button" className={styles.exit} onClick={() => act('SALIDA')} disabled={busy}>
          Salida
        </button>
      </div>
      {locked && (
        <p className={styles.error} role="alert" data-testid="lockout">
          Espere {seconds} segundos antes del próximo intento
        </p>
      )}
      {result && !locked && (
        <p className={result.ok ? styles.ok : styles.error} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
      {result && locked && <p className={styles.error}>{result.text}</p>}
    </section>
  );
}
