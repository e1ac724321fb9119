import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from './loading';

/** docs/product.md §2: optional top bar, header, body, footer and bottom bar areas and a loading state. */
export interface PageLayoutProps {
  topBar?: ReactNode;
  header?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  bottomBar?: ReactNode;
  loading?: boolean;
}

export function PageLayout({ topBar, header, children, footer, bottomBar, loading }: PageLayoutProps) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="he-page">
      <a className="he-skip-link" href="#main">
        {ready ? t('skipToContent') : 'Skip to content'}
      </a>
      {topBar ? (
        <header className="he-topbar">
          <div className="he-topbar__inner">{topBar}</div>
        </header>
      ) : null}
      {header ? <div className="he-header">{header}</div> : null}
      <main className="he-body" id="main" aria-busy={loading || undefined}>
        {loading ? <Loading /> : children}
      </main>
      {footer ? (
        <footer className="he-footer">
          <div className="he-footer__inner">{footer}</div>
        </footer>
      ) : null}
      {bottomBar ? <div className="he-bottombar">{bottomBar}</div> : null}
    </div>
  );
}
