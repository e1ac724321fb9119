import { useTranslation } from 'react-i18next';
import type { Activity, Format } from '@home-energy/shared';
import { isFree, type MeasureCard } from '@home-energy/shared/energy/measure-cards';

/** Where a measure's card is, for the link from "Best next steps" (the card sets this id). */
export const cardAnchor = (activity: Pick<Activity, 'name'>) => `rd-rec-${activity.name}`;

/**
 * "Best next steps" (lib/group-recommendations.ts bestNextSteps): money left over the lifetime, yearly saving, payback
 * (or "no cost"), link to the card.
 */
export function BestNextSteps({ best, format }: { best: readonly MeasureCard[]; format: Format }) {
  const { t } = useTranslation('results');
  const years = (value: number) => t('units.years', { count: value, formatted: format.years(value) });
  return (
    <section className="rd-best" aria-labelledby="rd-best-title" data-testid="best-next-steps">
      <h3 id="rd-best-title">{t('best.heading')}</h3>
      <p className="rd-muted rd-small">{t('best.intro')}</p>
      {best.length === 0 ? (
        <p>{t('best.none')}</p>
      ) : (
        <ol className="rd-best__list">
          {best.map((activity) => (
            <li key={activity.name} className="rd-best__item" data-best={activity.name}>
              <a href={`#${cardAnchor(activity)}`} className="rd-best__name">
                {t(`energy:measures.${activity.name}`)}
              </a>
              {activity.best_heat_pump ? (
                <span className="he-badge rd-best-pump" data-testid="best-heat-pump">
                  {t('figures.bestHeatPump')}
                </span>
              ) : null}
              <span className="rd-best__value" data-testid="best-value">
                {t('best.leftOver', { amount: format.kr(activity.lifetime_value), years: years(activity.life_span) })}
              </span>
              <span className="rd-muted rd-small">
                {t('best.saves', {
                  kwh: format.kwh(activity.kwh_saved_bought),
                  kr: format.kr(activity.savings.energyCostSavings),
                })}
                {isFree(activity)
                  ? ` · ${t('best.noCost')}`
                  : activity.payback_years !== null
                    ? ` · ${t('best.paysBackIn', { years: years(activity.payback_years) })}`
                    : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
