import { type FormEvent, useState } from 'react';
import { ApiError } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Door.module.css';
import { FormError } from '../FormError';
import { useLockout } from '../keypad/lockout-store';
import { pinAction } from '../keypad/pin-action';
import { useSession } from '../session/store';
import { useDoorLanguageValue, useDoorT, useRefusalText } from '../texts';
import { INITIAL_PIN_CHANGE, nextPinChange, type PinChangeState, pinChangeRefusal } from './steps';

const LABELS = { 1: 'pinChange.current', 2: 'pinChange.new', 3: 'pinChange.confirm' } as const;
const FIELD = { 1: 'currentPin', 2: 'newPin', 3: 'confirmPin' } as const;
const ERROR_ID = 'pin-change-error';

/** `onDone(true)` once the server changed the PIN; `onDone(false)` on Cancelar. */
export function PinChange({ onDone }: { onDone: (changed: boolean) => void }) {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const refusalText = useRefusalText();
  const token = useSession((s) => s.token);
  const signOut = useSession((s) => s.signOut);
  const seconds = useLockout((s) => s.seconds);
  const lockUntil = useLockout((s) => s.lockUntil);
  const [state, setState] = useState<PinChangeState>(INITIAL_PIN_CHANGE);
  const [busy, setBusy] = useState(false);
  const field = FIELD[state.step];
  // While locked (here or on the keypad) that is what stands; it goes with the lockout.
  const error = seconds > 0 ? t('keypad.lockedOut') : state.error;
  const invalid = seconds === 0 && state.error !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || seconds > 0) return;
    const next = nextPinChange(state, language);
    if (!next.done) {
      const { done: _done, ...rest } = next;
      setState(rest);
      return;
    }
    if (!token) return;
    setBusy(true);
    try {
      const { answer, clock } = await pinAction('change_pin', {
        token,
        currentPin: state.currentPin,
        newPin: state.newPin,
      });
      if (answer.success) {
        onDone(true);
        return;
      }
      if (answer.lockedUntil) {
        lockUntil(answer.lockedUntil, clock);
        setState(INITIAL_PIN_CHANGE);
      } else {
        setState({ ...INITIAL_PIN_CHANGE, error: pinChangeRefusal(answer, language) });
      }
    } catch (e) {
      // A PIN or password change elsewhere ends this session: back to the login, as the keypad does.
      if (e instanceof ApiError && e.status === 401) signOut();
      setState({
        ...INITIAL_PIN_CHANGE,
        error: refusalText(e, t('pinChange.failed')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby="pin-change-title"
      aria-describedby={error ? ERROR_ID : undefined}
    >
      <h2 id="pin-change-title">{t('pinChange.heading', { step: state.step })}</h2>
      <label>
        {t(LABELS[state.step])}
        <input
          className={controls.control}
          key={field}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          // biome-ignore lint/a11y/noAutofocus: each step asks for one thing
          autoFocus
          aria-invalid={invalid || undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          value={state[field]}
          onChange={(e) => setState({ ...state, [field]: e.target.value.replace(/\D/g, '').slice(0, 4) })}
        />
      </label>
      <FormError id={ERROR_ID} text={error} />
      {seconds > 0 && (
        <p className={styles.countdown} role="timer" data-testid="pin-change-lockout">
          {t('keypad.countdown', { count: seconds })}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={controls.primary} aria-disabled={busy || seconds > 0}>
          {state.step < 3 ? t('pinChange.next') : t('pinChange.submit')}
        </button>
        <button type="button" className={controls.secondary} onClick={() => onDone(false)}>
          {t('pinChange.cancel')}
        </button>
      </div>
    </form>
  );
}
