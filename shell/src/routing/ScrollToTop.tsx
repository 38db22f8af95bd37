import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'shared-router';

/**
 * Every route change starts at the top of the page. Not the first render: a server-rendered
 * page may already have been scrolled before it hydrated, and that is the visitor's place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
