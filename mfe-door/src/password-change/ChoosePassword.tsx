import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Door.module.css';
import { FormError } from '../FormError';
import { useSession } from '../session/store';
import { useDoorT, useRefusalText } from '../texts';

const MIN_LENGTH = 12;

/**
 * A password someone else chose (the admin's, or one generated at the first start): the user
 * chooses their own before the door opens (ASVS 2.3.1). The server refuses everything else meanwhile.
 */
export function ChoosePassword({ onDone }: { onDone(): void }) {
  const t = useDoorT();
  const refusalText = useRefusalText();
  const token = useSession((s) => s.token);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    if (!current || !next || !repeat) return setError(t('choosePassword.required'));
    if (next.length < MIN_LENGTH) return setError(t('choosePassword.short'));
    if (next !== repeat) return setError(t('choosePassword.mismatch'));
    setBusy(true);
    setError(null);
    try {
      const { user } = await api.action('abridor', 'change_password', {
        token,
        contraseñaActual: current,
        contraseñaNueva: next,
      });
      useSession.getState().confirm(user);
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) useSession.getState().signOut();
      setError(refusalText(failure, t('choosePassword.failed')));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <label>
      {label}
      <input
        name={name}
        type="password"
        className={controls.control}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </label>
  );
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-describedby={error ? errorId : undefined}
    >
      <h2 id={`${id}-title`}>{t('choosePassword.heading')}</h2>
      <p className={styles.muted}>{t('choosePassword.intro')}</p>
      {field('current', t('choosePassword.current'), current, setCurrent, 'current-password')}
      {field('new', t('choosePassword.new'), next, setNext, 'new-password')}
      {field('repeat', t('choosePassword.repeat'), repeat, setRepeat, 'new-password')}
      <FormError id={errorId} text={error} />
      <button type="submit" className={controls.primary} disabled={busy}>
        {t('choosePassword.submit')}
      </button>
    </form>
  );
}
