import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, retriedWhileBusy } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Door.module.css';
import { FormError } from '../FormError';
import { useSession } from '../session/store';
import { useDoorT, useRefusalText } from '../texts';

/** How many times a sign-in answered "busy" is sent again before the person is told. */
const BUSY_RETRIES = 2;

export function LoginPage() {
  const t = useDoorT();
  const refusalText = useRefusalText();
  const signIn = useSession((s) => s.signIn);
  const [usuario, setUsuario] = useState('');
  const [contraseña, setContraseña] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const usuarioField = useRef<HTMLInputElement>(null);

  // The login is the only thing to do here: start in its first field.
  useEffect(() => {
    usuarioField.current?.focus();
  }, []);
  // A sign-in waiting to be sent again is dropped once the form is gone (the person left).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!usuario.trim() || !contraseña) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // Busy for a moment (one sign-in at a time per address: two tenants on the building's Wi-Fi):
      // sent again by itself, twice at most, the button busy meanwhile; not once the form is gone.
      const { token, user } = await retriedWhileBusy(
        () => api.action('abridor', 'login', { usuario: usuario.trim(), contraseña }),
        { retries: BUSY_RETRIES, stillWanted: () => mounted.current },
      );
      signIn(token, user);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 401
          ? t('login.invalid')
          : e instanceof ApiError && e.status === 429
            ? refusalText(e, t('login.failed'))
            : t('login.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby="login-title"
      aria-describedby={error ? 'login-error' : undefined}
    >
      <h2 id="login-title">{t('login.heading')}</h2>
      <label>
        {t('login.usuario')}
        <input
          className={controls.control}
          ref={usuarioField}
          value={usuario}
          onChange={(e) => setUsuario(e.target.value)}
          autoComplete="username"
        />
      </label>
      <label>
        {t('login.contraseña')}
        <input
          className={controls.control}
          type="password"
          value={contraseña}
          onChange={(e) => setContraseña(e.target.value)}
          autoComplete="current-password"
        />
      </label>
      <FormError id="login-error" text={error} />
      <button type="submit" className={controls.primary} disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
