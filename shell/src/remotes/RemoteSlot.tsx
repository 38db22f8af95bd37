import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Language } from 'shared-i18n';
import { loadLanguage, useTranslation } from 'shared-i18n';
import { FailedWithRetry } from 'shared-ui/async';
import { ErrorBoundary } from 'shared-ui/error-boundary';
import { type RemoteLoader, RemoteLoaderContext, SignedOutContext } from './loader-context';
import styles from './RemoteSlot.module.css';
import { loadRemoteApp, resetRemote } from './registry';
import type { RemoteName } from './registry-schema';

export interface RemoteSlotProps {
  name: RemoteName;
  language: Language;
}

const REGISTRY: RemoteLoader = { load: loadRemoteApp, reset: resetRemote, retriesOnce: true };

/** How long a failed load waits before it is tried once more by itself. */
const AUTO_RETRY_DELAY_MS = 500;

/**
 * A remote that fails to load is tried once more by itself, after a moment: a connection dropped
 * on a phone (or a socket the origin closed as it was reused) should not need a tap. Only a second
 * failure shows Retry.
 */
function loadTwice({ load, reset, retriesOnce }: RemoteLoader, name: RemoteName) {
  if (!retriesOnce) return load(name);
  return load(name).catch(async () => {
    reset(name);
    await new Promise((resolve) => setTimeout(resolve, AUTO_RETRY_DELAY_MS));
    return load(name);
  });
}

function RemoteLoading() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      {t('remote.loading')}
    </div>
  );
}

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <FailedWithRetry
      failed={t('remote.unavailable')}
      retryLabel={t('remote.retry')}
      onRetry={onRetry}
      classNames={{ alert: styles.unavailable, button: styles.retry }}
      testId="remote-unavailable"
    />
  );
}

/**
 * Where focus goes when Retry, which had it, is gone: the page's main area, or on a page without
 * the site's layout (the door, the back-office) the remote's own, or its heading. Focus left on
 * the removed button would fall to the page's start.
 */
function focusMainArea(): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  const target = document.querySelector<HTMLElement>('main') ?? document.querySelector<HTMLElement>('h1');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * Marks that the slot's remote has taken over its area (`data-remote-ready` on <html>): a
 * server-rendered form does nothing until then, and the journeys wait for it after a full load.
 */
function RemoteReadyMark({ name, retried }: { name: RemoteName; retried: boolean }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-remote-ready', name);
    if (retried) focusMainArea();
    return () => document.documentElement.removeAttribute('data-remote-ready');
  }, [name, retried]);
  return null;
}

/** One remote's area: loading state, error boundary and Retry, so a failure stays here. */
export function RemoteSlot({ name, language }: RemoteSlotProps) {
  const loader = useContext(RemoteLoaderContext) ?? REGISTRY;
  const signedOut = useContext(SignedOutContext);
  const { reset } = loader;
  const [attempt, setAttempt] = useState(0);
  // Read when the remote arrives: a later switch of language loads its own texts (useLanguageSync)
  // and must not load the remote again.
  const languageRef = useRef(language);
  languageRef.current = language;
  // A new lazy component per attempt: React caches a rejected lazy forever. The remote is shown
  // once its texts in the page's language are in too (a remote may fetch them on demand).
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  const RemoteApp = useMemo(
    () =>
      lazy(() =>
        loadTwice(loader, name).then(async (component) => {
          await loadLanguage(languageRef.current, [name]);
          return { default: component };
        }),
      ),
    [name, attempt, loader],
  );
  const retry = useCallback(() => {
    reset(name);
    setAttempt((n) => n + 1);
  }, [name, reset]);
  // The Retry button goes away: at once to the site's main area, or once the remote is there.
  useEffect(() => {
    if (attempt > 0) focusMainArea();
  }, [attempt]);

  return (
    <ErrorBoundary
      key={`${name}-${attempt}`}
      label={`[shell] remote "${name}"`}
      fallback={<RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp language={language} signedOut={signedOut} />
        <RemoteReadyMark name={name} retried={attempt > 0} />
      </Suspense>
    </ErrorBoundary>
  );
}
