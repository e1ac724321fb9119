/** docs/product.md §2: paths under /console use the console accent; everything else the consumer theme. */
export function themeForPath(pathname: string): 'console' | 'consumer' {
  return pathname === '/console' || pathname.startsWith('/console/') ? 'console' : 'consumer';
}
