import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * New pages start at the top; back/forward keep the browser's own restoration. (React Router's
 * ScrollRestoration would add ~1 KB gzip to the entry chunk.)
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page (pathname).
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
