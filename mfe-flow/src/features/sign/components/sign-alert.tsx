import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** A stopped sign-in: what happened (an alert) and "Try again". */
export function SignAlert({
  title,
  lines,
  onRetry,
  headingRef,
}: {
  title: string;
  lines: string[];
  onRetry: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('flow');
  return (
    <section aria-labelledby="sign-step-title" style={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
      <h2 id="sign-step-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <div role="alert" className="he-unavailable" style={{ justifySelf: 'stretch' }}>
        {lines.map((line) => (
          <p key={line} style={{ margin: 0 }}>
            {line}
          </p>
        ))}
      </div>
      <button type="button" className="he-button" onClick={onRetry}>
        {t('sign.tryAgain')}
      </button>
    </section>
  );
}
