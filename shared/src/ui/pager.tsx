import type { ReactNode } from 'react';

/**
 * Previous and next through the pages of a list, with where the reader is ("Page 2 of 6"); the words are the
 * caller's, in its own namespace. The buttons stay in place and are disabled at either end.
 */
export function Pager({
  label,
  position,
  page,
  pages,
  onPage,
  previous,
  next,
}: {
  /** The navigation's accessible name ("Audit log pages"). */
  label: string;
  position: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previous: string;
  next: string;
}) {
  return (
    <nav className="he-pager" aria-label={label}>
      <span>{position}</span>
      <button
        type="button"
        className="he-button he-button--small he-button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {previous}
      </button>
      <button
        type="button"
        className="he-button he-button--small he-button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {next}
      </button>
    </nav>
  );
}
