import type { ReactNode } from 'react';

/**
 * The box a table scrolls in when it is wider than the screen: a named region in the tab order, so a keyboard user
 * reaches it and scrolls it with the arrow keys, and a screen reader says which table it holds (`label`: its caption).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling box must be reachable by keyboard (WCAG 2.1.1); the region role names what it holds.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="he-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
