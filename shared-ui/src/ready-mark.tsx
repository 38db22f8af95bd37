import { useEffect } from 'react';

/**
 * Marks on <html> that React has taken the server-rendered page over (`data-ready`, and
 * `data-remote-ready` where the remote is the page): tests wait for it, not for luck.
 */
export function ReadyMark({ remote }: { remote?: string }) {
  useEffect(() => {
    const html = document.documentElement;
    html.setAttribute('data-ready', '');
    if (remote) html.setAttribute('data-remote-ready', remote);
  }, [remote]);
  return null;
}
