import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server-rendered page and while React takes it over (hydration); true once React
 * has it. What only the browser knows (a draft in local storage) is shown from then on, so the
 * first render in the browser is the server's and hydration finds no mismatch (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
