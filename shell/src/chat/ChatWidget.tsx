import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import dialogStyles from 'shared-ui/dialog.module.css';
import { useEarlyClick } from 'shared-ui/early-click';
import { useModalDialog } from 'shared-ui/modal-dialog';
import { VOICE_ASSISTANT_EVENT } from 'shared-ui/scheduling';
import { formatAddress, useSiteConfig } from 'shared-ui/site';
import styles from './ChatWidget.module.css';
import { type ChatMessage, isSendable, REPLY_DELAY_MS, replyTopic } from './replies';

let counter = 0;
const newId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The site assistant: canned answers only, chosen by the keyword rule of replies.ts.
 * `docked`: on pages made of form controls (sign-up, calculator) the launcher sits in the page
 * flow above the footer, because a floating one covers "Siguiente" or a unit select on a phone.
 */
export function ChatWidget({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation('common');
  const site = useSiteConfig();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const launcherEarly = useEarlyClick<HTMLButtonElement>();

  useModalDialog(dialogRef, open);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // Opened to write in: the focus goes to the message field, not to ×.
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // "Learn more" asks for the voice assistant; without one configured, this assistant answers.
  useEffect(() => {
    const onAsk = (event: Event) => {
      if (!(event as CustomEvent<{ widgetId?: string }>).detail?.widgetId) setOpen(true);
    };
    window.addEventListener(VOICE_ASSISTANT_EVENT, onAsk);
    return () => window.removeEventListener(VOICE_ASSISTANT_EVENT, onAsk);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages scroll the log
  useEffect(() => {
    logRef.current?.scrollTo?.({ top: logRef.current.scrollHeight });
  }, [messages]);

  const send = () => {
    if (!isSendable(draft)) return;
    const text = draft.trim();
    setMessages((m) => [...m, { id: newId(), text, isBot: false, timestamp: Date.now() }]);
    setDraft('');
    setPending((n) => n + 1);
    const topic = replyTopic(text);
    timers.current.push(
      setTimeout(() => {
        const reply = t(`chat.replies.${topic}`, { address: formatAddress(site), phone: site.phone });
        setMessages((m) => [...m, { id: newId(), text: reply, isBot: true, timestamp: Date.now() }]);
        setPending((n) => n - 1);
      }, REPLY_DELAY_MS),
    );
  };

  const launcher = (
    <button
      {...launcherEarly}
      type="button"
      className={docked ? styles.dockedLauncher : styles.launcher}
      // The page keeps focus and its end clear of a floating launcher (shared-ui/tokens.css).
      data-floating-launcher={docked ? undefined : ''}
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
        <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
      </svg>{' '}
      {t('chat.open')}
    </button>
  );

  return (
    <>
      {docked ? <div className={styles.dock}>{launcher}</div> : launcher}
      <dialog
        ref={dialogRef}
        className={`${dialogStyles.frame} ${dialogStyles.column} ${styles.dialog}`}
        aria-labelledby="chat-title"
        onClose={() => setOpen(false)}
      >
        <div className={dialogStyles.top}>
          <h2 id="chat-title">{t('chat.title')}</h2>
          <button
            type="button"
            className={dialogStyles.close}
            onClick={() => setOpen(false)}
            aria-label={t('chat.close')}
          >
            ×
          </button>
        </div>
        {/* Focusable, so a keyboard can scroll a long conversation (it is a scrolling region). */}
        <div
          className={styles.log}
          role="log"
          aria-live="polite"
          aria-label={t('chat.logLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it
          tabIndex={0}
          ref={logRef}
          data-testid="chat-log"
        >
          <p className={styles.bot}>{t('chat.greeting')}</p>
          {messages.map((message) => (
            <p
              key={message.id}
              className={message.isBot ? styles.bot : styles.user}
              data-from={message.isBot ? 'bot' : 'user'}
            >
              {message.text}
            </p>
          ))}
          {pending > 0 && <p className={styles.typing}>{t('chat.typing')}</p>}
        </div>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label htmlFor="chat-input" className="visually-hidden">
            {t('chat.inputLabel')}
          </label>
          <input
            ref={inputRef}
            id="chat-input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('chat.placeholder')}
            autoComplete="off"
            maxLength={500}
          />
          <button type="submit">{t('chat.send')}</button>
        </form>
      </dialog>
    </>
  );
}
