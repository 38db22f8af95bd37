import { useEffect, useEffectEvent } from 'react';

/** Spec §9: 15 minutes without activity expire the sign-up; checked every 60 s. */
export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
export const INACTIVITY_CHECK_MS = 60 * 1000;
export const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove'] as const;

export const isInactive = (lastActivity: number, now: number, timeoutMs = INACTIVITY_TIMEOUT_MS) =>
  now - lastActivity > timeoutMs;

/** Calls `onExpire` once when the page saw no click, key, scroll or mouse move for too long. */
export function useInactivity(onExpire: () => void, enabled = true): void {
  const expire = useEffectEvent(() => onExpire());
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
    const timer = setInterval(() => {
      if (isInactive(last, Date.now())) {
        clearInterval(timer);
        expire();
      }
    }, INACTIVITY_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [enabled]);
}
