import { useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';

import { themeForPath } from './theme-path';

export { themeForPath };

export function ThemeByRoute() {
  const { pathname } = useLocation();
  const theme = themeForPath(pathname);
  useEffect(() => {
    document.body.dataset.theme = theme;
  }, [theme]);
  return null;
}
