import { type FormEvent, useState } from 'react';
import { ApiError, api } from 'shared-api';
import styles from '../Door.module.css';
import { useCountdown } from '../keypad/useCountdown';
import { useSession } from '../session/store';
import { INITIAL_PIN_CHANGE, nextPinChange, type PinChangeState, pinChangeRefusal } from './steps';

const LABELS = { 1: 'PIN actual', 2: 'PIN nuevo', 3: 'Confirme el PIN nuevo' } as const;
const FIELD = { 1: 'currentPin', 2: 'newPin', 3: 'confirmPin' } as const;

export function PinChange({ onDone }: { onDone: () => void }) {
  const token = useSession((s) => s.token);
  const signOut = useSession((s) => s.signOut);
  const [state, setState] = useState<PinChangeState>(INITIAL_PIN_CHANGE);
  const [busy, setBusy] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const seconds = useCountdown(lockedUntil);
  const field = FIELD[state.step];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = nextPinChange(state);
    if (!next.done) {
      const { done: _done, ...rest } = next;
      setState(rest);
      return;
    }
    if (!token) return;
    setBusy(true);
    try {
      const answer = await api.action('abridor', 'change_pin', {
        token,
        currentPin: state.currentPin,
        newPin: state.newPin,
      });
      if (answer.success) {
        onDone();
        return;
      }
      if (answer.lockedUntil) setLockedUntil(new Date(answer.lockedUntil).getTime());
      setState({ ...INITIAL_PIN_CHANGE, error: pinChangeRefusal(answer) });
    } catch (e) {
      // A PIN or password change elsewhere ends this session: back to the login, as the keypad does.
      if (e instanceof ApiError && e.status === 401) signOut();
      setState({
        ...INITIAL_PIN_CHANGE,
        error: e instanceof ApiError && e.status < 500 ? e.message : 'Error al cambiar PIN',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="pin-change-title">
      <h2 id="pin-change-title">Cambiar PIN · paso {state.step} de 3</h2>
      <label>
        {LABELS[state.step]}
        <input
          key={field}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          // biome-ignore lint/a11y/noAutofocus: each step asks for one thing
          autoFocus
          value={state[field]}
          onChange={(e) => setState({ ...state, [field]: e.target.value.replace(/\D/g, '').slice(0, 4) })}
        />
      </label>
      {seconds > 0 && (
        <p className={styles.error} role="alert" data-testid="pin-change-lockout">
          Espere {seconds} segundos antes del próximo intento
        </p>
      )}
      {state.error && (
        <p className={styles.error} role={seconds > 0 ? undefined : 'alert'}>
          {state.error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={styles.button} disabled={busy || seconds > 0}>
          {state.step < 3 ? 'Siguiente' : 'Cambiar PIN'}
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
