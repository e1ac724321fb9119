import { useEffect, type ReactNode } from 'react';

/** The page's h1 (also the document title) and what the page is for. */
export function PageHead({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <header className="he-page-head">
      <h1>{title}</h1>
      {intro ? <p>{intro}</p> : null}
      {children}
    </header>
  );
}
