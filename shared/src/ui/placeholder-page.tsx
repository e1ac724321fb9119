import { useEffect } from 'react';

/** A routed page whose feature is still being built: says what the page is for and what it will show. */
export function PlaceholderPage({
  title,
  intro,
  upcoming,
  children,
}: {
  title: string;
  intro: string;
  upcoming?: string[];
  children?: React.ReactNode;
}) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className="he-card he-placeholder" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{intro}</p>
      {upcoming && upcoming.length > 0 ? (
        <ul>
          {upcoming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}
