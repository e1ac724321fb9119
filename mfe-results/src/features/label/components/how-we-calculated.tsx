import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, type ActivityType } from '@home-energy/shared';

// Its own chunk, fetched on first open: the dashboard's first render carries only this button (docs/performance.md
// "Performance").
const ExplanationDetails = lazy(() => import('./explanation-details'));

/** The "How we calculated this" disclosure of the label or of one recommendation; nothing is fetched until it opens. */
export function HowWeCalculated({ subject }: { subject: 'label' | ActivityType }) {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const propertyId = Number(id);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Enter and Space toggle on keydown; the browser's own click for them is cancelled so one press toggles once.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    setOpen((was) => !was);
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === ' ') event.preventDefault();
  };
  if (!Number.isInteger(propertyId) || propertyId <= 0) return null;
  return (
    <div className="rd-explain" data-testid={`explain-${subject}`}>
      <button
        type="button"
        className="he-button he-button--secondary rd-explain__toggle rd-controls"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      >
        {t(open ? 'explanation.hide' : 'explanation.toggle')}
      </button>
      <div id={panelId} className="rd-explain__panel" hidden={!open}>
        {open ? (
          <Suspense fallback={<Loading label={t('explanation.loading')} />}>
            <ExplanationDetails propertyId={propertyId} subject={subject} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
