import { useTranslation } from 'react-i18next';
import { formatDate, type EpcLabelValue, useFormat } from '@home-energy/shared';
import type { DashboardLabels } from '../lib/labels';
import { EpcBadge, EpcScale } from './epc-badge';
import { HowWeCalculated } from './how-we-calculated';

function LabelFacts({ label }: { label: EpcLabelValue }) {
  const { t, i18n } = useTranslation('results');
  const format = useFormat();
  if (label.type === 'issued') {
    return (
      <p className="rd-muted">
        {label.ep !== null ? `${t('label.ep', { ep: format.number(label.ep, { maxDecimals: 1 }) })} · ` : null}
        {label.issued_at
          ? t('label.issuedAt', { date: formatDate(label.issued_at, i18n.language) })
          : t('label.issuedUndated')}
      </p>
    );
  }
  return (
    <>
      <p className="rd-muted">{t('label.ep', { ep: format.number(label.ep, { maxDecimals: 1 }) })}</p>
      {label.percent_of_requirement !== null && label.ep_requirement !== null ? (
        <p className="rd-muted">
          {t('label.requirement', {
            percent: format.number(label.percent_of_requirement, { maxDecimals: 0 }),
            requirement: format.number(label.ep_requirement),
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * docs/product.md §4: the displayed label (measured, then calculated, then any), and the issued certificate shown as
 * issued.
 */
export function LabelPanel({ labels }: { labels: DashboardLabels }) {
  const { t } = useTranslation('results');
  const { displayed, issued } = labels;
  return (
    <section className="he-card rd-label" aria-labelledby="rd-label-title" data-testid="epc-label">
      <h2 id="rd-label-title">{t('label.heading')}</h2>
      {displayed ? (
        <div className="rd-label__main">
          <div className="rd-label__badge">
            <EpcBadge energyClass={displayed.energy_class} size="lg" />
          </div>
          <div className="rd-label__text">
            <p className="rd-label__class">
              {displayed.energy_class ? t('label.class', { class: displayed.energy_class }) : t('label.noClass')}
            </p>
            <p className="rd-label__type" data-label-type={displayed.type}>
              {t(`label.types.${displayed.type}`)}
            </p>
            <LabelFacts label={displayed} />
          </div>
          <EpcScale energyClass={displayed.energy_class} />
        </div>
      ) : (
        <p>{t('label.none')}</p>
      )}
      {displayed?.type === 'estimated_calculated' ? <HowWeCalculated subject="label" /> : null}
      {issued && displayed !== issued ? (
        <div className="rd-label__issued" data-testid="issued-label">
          <EpcBadge
            energyClass={issued.energy_class}
            size="sm"
            label={t('label.issuedClass', { class: issued.energy_class })}
          />
          <div>
            <p className="rd-label__class">{t('label.issuedClass', { class: issued.energy_class })}</p>
            <LabelFacts label={issued} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
