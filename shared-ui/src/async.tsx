import { type DependencyList, useCallback, useEffect, useState } from 'react';

export type AsyncState<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'error'; error: unknown };

/**
 * Loads what a screen shows: again whenever `deps` change or `retry()` is called, and an answer
 * that arrives after a newer load started (or after unmount) is dropped. `load` is read when a
 * load starts; what it depends on belongs in `deps`.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): [AsyncState<T>, () => void] {
  const [state, setState] = useState<AsyncState<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide, plus each retry
  useEffect(() => {
    let current = true;
    setState({ state: 'loading' });
    load().then(
      (value) => {
        if (current) setState({ state: 'done', value });
      },
      (error: unknown) => {
        if (current) setState({ state: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}

interface AsyncStatusProps {
  state: AsyncState<unknown>;
  loading: string;
  /** What failed, in the page's language. */
  failed: string;
  retryLabel: string;
  onRetry(): void;
  /** The app's own look: the status line, the alert box and its button. */
  classNames: { status?: string; alert?: string; button?: string };
}

/** While loading, a polite status line; after a failure, an alert that says so with a Retry button. */
export function AsyncStatus({ state, loading, failed, retryLabel, onRetry, classNames }: AsyncStatusProps) {
  if (state.state === 'loading') {
    return (
      <p className={classNames.status} role="status">
        {loading}
      </p>
    );
  }
  if (state.state === 'error') {
    return <FailedWithRetry failed={failed} retryLabel={retryLabel} onRetry={onRetry} classNames={classNames} />;
  }
  return null;
}

interface FailedWithRetryProps {
  /** What failed, in the page's language. */
  failed: string;
  retryLabel: string;
  onRetry(): void;
  classNames: { alert?: string; button?: string };
  /** For the journeys that look for this alert by what it is, not by its text. */
  testId?: string;
}

/** An alert that says what failed, with a Retry button (a load, or a part of the page's code). */
export function FailedWithRetry({ failed, retryLabel, onRetry, classNames, testId }: FailedWithRetryProps) {
  return (
    <div className={classNames.alert} role="alert" data-testid={testId}>
      <p>{failed}</p>
      <button type="button" className={classNames.button} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
