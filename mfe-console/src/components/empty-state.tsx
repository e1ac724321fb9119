import type { ReactNode } from 'react';

/** Nothing to show yet: says why, and what would fill the page. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="cn-empty" role="status">
      <svg aria-hidden="true" viewBox="0 0 48 48" width="40" height="40">
        <rect x="6" y="26" width="8" height="14" rx="2" />
        <rect x="20" y="18" width="8" height="22" rx="2" />
        <rect x="34" y="10" width="8" height="30" rx="2" />
      </svg>
      <div>
        <p className="cn-empty__title">{title}</p>
        {children ? <p className="cn-empty__text">{children}</p> : null}
      </div>
    </div>
  );
}
