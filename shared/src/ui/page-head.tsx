import { useEffect, type ReactNode } from 'react';

/** The page's h1 (also the document title), what the page is for, and actions beside it. */
export function PageHead({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <header className="he-page-head">
      <div>
        <h1>{title}</h1>
        {intro ? <p>{intro}</p> : null}
      </div>
      {children ? <div className="he-page-head__actions">{children}</div> : null}
    </header>
  );
}
