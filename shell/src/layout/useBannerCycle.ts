import { useEffect, useState } from 'react';
import { BANNER_MESSAGES, nextBannerIndex } from './banner-cycle';

/**
 * Index of the message on show; each stays for its own duration, then the next comes. Paused
 * (the visitor's Pause, WCAG 2.2.2), the message stays; resumed, it gets its whole time again.
 */
export function useBannerCycle(paused = false): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setIndex(nextBannerIndex), BANNER_MESSAGES[index]?.durationMs ?? 15_000);
    return () => clearTimeout(timer);
  }, [index, paused]);
  return index;
}
