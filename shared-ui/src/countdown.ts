import { useEffect, useState } from 'react';

/*
 * One countdown for every "wait N seconds" of the suite (a code's resend, the door's PIN lockout):
 * it ticks when the shown number changes, so each second shows for a whole second, and it follows
 * a deadline on this device's clock, so a slow tab catches up instead of drifting.
 */

/** Whole seconds to show at `now` (rounded up: "1" until the very end); 0 once it is over. */
export function secondsLeft(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Milliseconds from `now` until the shown number next changes, or null once it is over. */
export function msToNextTick(deadline: number, now: number): number | null {
  const left = deadline - now;
  if (left <= 0) return null;
  return left % 1000 || 1000;
}

/** Calls `onTick` with the seconds left now and each time they change, down to 0; returns stop. */
export function startCountdown(deadline: number, onTick: (seconds: number) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = Date.now();
    onTick(secondsLeft(deadline, now));
    const wait = msToNextTick(deadline, now);
    if (wait !== null) timer = setTimeout(tick, wait);
  };
  tick();
  return () => clearTimeout(timer);
}

/** The seconds left until `deadline` (epoch ms on this device), re-rendering as they change. */
export function useCountdown(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline, Date.now()));
  useEffect(() => {
    if (deadline === null) {
      setSeconds(0);
      return;
    }
    return startCountdown(deadline, setSeconds);
  }, [deadline]);
  return seconds;
}
