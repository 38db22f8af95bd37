import { useEffect, useState } from 'react';
import { BANNER_MESSAGES, nextBannerIndex } from './banner-cycle';

/** Index of the message on show; each stays for its own duration, then the next comes. */
export function useBannerCycle(): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setIndex(nextBannerIndex), BANNER_MESSAGES[index]?.durationMs ?? 15_000);
    return () => clearTimeout(timer);
  }, [index]);
  return index;
}
