import type { ReactNode } from 'react';

/** A row of big numbers at the top of a page; `after` adds a second, smaller figure (now → potential). */
export function KeyFigures({
  items,
}: {
  items: { label: string; value: ReactNode; after?: ReactNode; testId?: string; note?: string }[];
}) {
  return (
    <dl className="cn-figures">
      {items.map((item) => (
        <div key={item.label} className="cn-figure" data-testid={item.testId}>
          <dt>{item.label}</dt>
          <dd>
            <span className="cn-figure__value">{item.value}</span>
            {/* The space between the two figures is where a narrow card breaks the line: each stays whole. */}
            {item.after !== undefined ? (
              <>
                {' '}
                <span className="cn-figure__after">→ {item.after}</span>
              </>
            ) : null}
          </dd>
          {item.note ? <dd className="cn-figure__note">{item.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
