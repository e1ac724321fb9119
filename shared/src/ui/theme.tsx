import { useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';

/** docs/product.md §2: paths under /console use the console accent; everything else the consumer theme. */
export function themeForPath(pathname: string): 'console' | 'consumer' {
  return pathname === '/console' || pathname.startsWith('/console/') ? 'console' : 'consumer';
}

export function ThemeByRoute() {
  const { pathname } = useLocation();
  const theme = themeForPath(pathname);
  useEffect(() => {
    document.body.dataset.theme = theme;
  }, [theme]);
  return null;
}
