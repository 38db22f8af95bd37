import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { type Language, localeOf } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Account.module.css';
import { useAccountT } from '../texts';
import { doorLogKeys, pinChangeProblem } from './rules';

type Message = { tone: 'ok' | 'error'; text: string } | null;

/** The tenant's door: a new PIN, a new link into the door app, and who opened it (their own user). */
export function DoorSection({ registrationId, language }: { registrationId: string; language: Language }) {
  const t = useAccountT();
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('door.heading')}</h3>
      <PinChange registrationId={registrationId} />
      <DoorLink registrationId={registrationId} />
      <DoorLog registrationId={registrationId} language={language} />
    </section>
  );
}

function refusalText(t: ReturnType<typeof useAccountT>, caught: unknown): string {
  if (caught instanceof ApiError && caught.code === 'no_door_access') return t('door.noAccess');
  if (caught instanceof ApiError && caught.code === 'same_pin') return t('door.samePin');
  if (caught instanceof ApiError && caught.code === 'pin_change_blocked') return t('door.pinBlocked');
  if (caught instanceof ApiError && caught.code === 'door_link_throttled') return t('door.linkThrottled');
  return t('actionFailed');
}

function PinChange({ registrationId }: { registrationId: string }) {
  const t = useAccountT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'next' | 'repeat'; text: string } | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);

  const fail = (field: 'current' | 'next' | 'repeat', text: string) => {
    setError({ field, text });
    ({ current: currentInput, next: nextInput, repeat: repeatInput })[field].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const problem = pinChangeProblem(current, next, repeat);
    if (problem === 'format') return fail(/^\d{4}$/.test(current) ? 'next' : 'current', t('door.pinFormat'));
    if (problem === 'mismatch') return fail('repeat', t('door.pinMismatch'));
    if (problem === 'same') return fail('next', t('door.samePin'));
    setBusy(true);
    setError(null);
    try {
      const answer = await api.account('change_pin', { registrationId, currentPin: current, newPin: next });
      if (answer.success) {
        setCurrent('');
        setNext('');
        setRepeat('');
        setMessage({ tone: 'ok', text: t('door.pinChanged') });
      } else if (answer.lockedUntil) {
        const seconds = Math.max(1, Math.ceil((Date.parse(answer.lockedUntil) - Date.now()) / 1000));
        fail('current', t('door.locked', { seconds: Math.min(seconds, 15) }));
      } else fail('current', t('door.wrongPin', { count: answer.attemptsLeft ?? 0 }));
    } catch (caught) {
      setMessage({ tone: 'error', text: refusalText(t, caught) });
    } finally {
      setBusy(false);
    }
  };

  const pinField = {
    type: 'password',
    inputMode: 'numeric',
    maxLength: 4,
    autoComplete: 'off',
    required: true,
  } as const;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h4 className={styles.subheading}>{t('door.pinHeading')}</h4>
      <div className={styles.pins}>
        <TextField
          {...pinField}
          label={t('door.currentPin')}
          value={current}
          onChange={setCurrent}
          inputRef={currentInput}
          error={error?.field === 'current' ? error.text : null}
        />
        <TextField
          {...pinField}
          label={t('door.newPin')}
          value={next}
          onChange={setNext}
          inputRef={nextInput}
          error={error?.field === 'next' ? error.text : null}
        />
        <TextField
          {...pinField}
          label={t('door.repeatPin')}
          value={repeat}
          onChange={setRepeat}
          inputRef={repeatInput}
          error={error?.field === 'repeat' ? error.text : null}
        />
      </div>
      <button type="submit" className={controls.secondary} disabled={busy}>
        {t('door.changePin')}
      </button>
      <div role="status" aria-live="polite">
        {message && <p className={message.tone === 'ok' ? styles.ok : styles.error}>{message.text}</p>}
      </div>
    </form>
  );
}

function DoorLink({ registrationId }: { registrationId: string }) {
  const t = useAccountT();
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await api.account('door_link', { registrationId });
      setMessage({ tone: 'ok', text: t('door.linkSent') });
    } catch (caught) {
      setMessage({ tone: 'error', text: refusalText(t, caught) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.form}>
      <h4 className={styles.subheading}>{t('door.linkHeading')}</h4>
      <p>{t('door.linkIntro')}</p>
      <button type="button" className={controls.secondary} disabled={busy} onClick={() => void send()}>
        {t('door.sendLink')}
      </button>
      <div role="status" aria-live="polite">
        {message && <p className={message.tone === 'ok' ? styles.ok : styles.error}>{message.text}</p>}
      </div>
    </div>
  );
}

type LogState =
  | { state: 'closed' }
  | { state: 'loading' }
  | { state: 'done'; entries: { at: string; action: string; result: string }[] }
  | { state: 'error'; text: string };

/** Loaded when asked for: most visits to the account are not about the log. */
function DoorLog({ registrationId, language }: { registrationId: string; language: Language }) {
  const t = useAccountT();
  const [log, setLog] = useState<LogState>({ state: 'closed' });
  const load = async () => {
    setLog({ state: 'loading' });
    try {
      const { entries } = await api.account('door_log', { registrationId });
      setLog({ state: 'done', entries });
    } catch (caught) {
      setLog({ state: 'error', text: refusalText(t, caught) });
    }
  };
  const when = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  });
  return (
    <div className={styles.form}>
      <h4 className={styles.subheading}>{t('door.logHeading')}</h4>
      {log.state !== 'loading' && (
        <button type="button" className={controls.secondary} onClick={() => void load()}>
          {log.state === 'done' ? t('door.refreshLog') : t('door.showLog')}
        </button>
      )}
      <div role="status" aria-live="polite">
        {log.state === 'loading' && <p className={styles.muted}>{t('loading')}</p>}
        {log.state === 'error' && <p className={styles.error}>{log.text}</p>}
      </div>
      {log.state === 'done' &&
        (log.entries.length === 0 ? (
          <p>{t('door.logEmpty')}</p>
        ) : (
          <ul className={styles.log} data-testid="door-log">
            {log.entries.map((entry, index) => {
              const keys = doorLogKeys(entry);
              return (
                // The log has no ids for the tenant: time and position name a line.
                // biome-ignore lint/suspicious/noArrayIndexKey: lines never move; the list is replaced whole
                <li key={`${entry.at}-${index}`}>
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time> {t(`door.actions.${keys.action}`)}:{' '}
                  {t(`door.results.${keys.result}`)}
                </li>
              );
            })}
          </ul>
        ))}
    </div>
  );
}
