import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity, EnergyClass, LoanProvider, LoanType } from '@home-energy/shared';
import { groupRecommendations } from '../lib/group-recommendations';
import { BestNextSteps } from './best-next-steps';
import type { LoanSettingsControl } from '../../financing/lib/loan-settings';
import { LoanTypeChoice } from '../../financing/components/loan-type-choice';
import { RecommendationCard } from './recommendation-card';
import { useFormat } from '@home-energy/shared';
import { useProgressiveCount } from '../../../lib/use-progressive-count';

/** Cards rendered with the section (more than a phone's first screen holds), then a few more per frame. */
const FIRST_CARDS = 4;
const CARDS_PER_FRAME = 4;

export interface RecommendationsSectionProps {
  recommendations: readonly Activity[];
  loan: LoanSettingsControl;
  onLoanTypeChange: (loanType: LoanType) => void;
  currentClass: EnergyClass | null;
  provider?: LoanProvider | null;
  /** Extra actions under each recommendation: the place for installer requests. */
  renderActions?: (activity: Activity) => ReactNode;
}

/**
 * Best next steps, then the action groups (docs/product.md §3, §4) and the packages apart; one recommendation's details
 * open at a time.
 */
export function RecommendationsSection({
  recommendations,
  loan,
  onLoanTypeChange,
  currentClass,
  provider,
  renderActions,
}: RecommendationsSectionProps) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const { best, groups, packages, nothingProposed } = useMemo(
    () => groupRecommendations(recommendations),
    [recommendations],
  );
  const [open, setOpen] = useState<string | null>(null);
  const { settings } = loan;
  const cardCount = groups.reduce((sum, group) => sum + group.activities.length, packages.length);
  const shown = useProgressiveCount(cardCount, FIRST_CARDS, CARDS_PER_FRAME);
  // The cards in the page's order, the first `shown` of them.
  let left = shown;
  const firstOf = (activities: readonly Activity[]) => {
    const part = activities.slice(0, left);
    left -= part.length;
    return part;
  };
  const shownGroups = groups.map((group) => ({ ...group, activities: firstOf(group.activities) }));
  const shownPackages = firstOf(packages);

  const card = (activity: Activity) => (
    <li key={activity.name}>
      <RecommendationCard
        activity={activity}
        settings={settings}
        onSettingsChange={loan.change}
        open={open === activity.name}
        onToggle={() => setOpen((current) => (current === activity.name ? null : activity.name))}
        currentClass={currentClass}
        provider={provider}
        format={format}
        actions={renderActions?.(activity)}
      />
    </li>
  );

  return (
    <section className="rd-recs" aria-labelledby="rd-recs-title" aria-busy={shown < cardCount || undefined}>
      <h2 id="rd-recs-title">{t('recommendations.heading')}</h2>
      {/* Rendered with the cards (the page's one deferred render of the measures), so nothing moves when it
         appears. */}
      {nothingProposed ? null : <BestNextSteps best={best} format={format} />}
      <LoanTypeChoice value={settings.loanType} onChange={onLoanTypeChange} />
      <p className="rd-print-only" data-testid="print-financing">
        {t('financing.printSummary', {
          loanType: t(`financing.loanTypes.${settings.loanType}`),
          valuation: format.kr(settings.homeValuation),
          homeLoan: format.kr(settings.homeLoan),
        })}
      </p>
      {nothingProposed ? (
        <p className="rd-empty" role="status" data-testid="no-recommendations">
          {t('groups.none')}
        </p>
      ) : null}
      {shownGroups.map(({ group, activities, proposed }) => (
        <section key={group} className="rd-group" aria-labelledby={`rd-group-${group}`} data-group={group}>
          <h3 id={`rd-group-${group}`}>
            {t(`groups.names.${group}`)}{' '}
            <span className="rd-count">
              {proposed > 0 ? t('groups.count', { count: proposed }) : t('groups.empty')}
            </span>
          </h3>
          {activities.length > 0 ? <ul className="rd-rec-list">{activities.map(card)}</ul> : null}
        </section>
      ))}
      {packages.length > 0 ? (
        <section className="rd-group rd-group--packages" aria-labelledby="rd-group-package" data-group="package">
          <h3 id="rd-group-package">{t('groups.names.package')}</h3>
          <p className="rd-muted">{t('groups.packagesIntro')}</p>
          {shownPackages.length > 0 ? <ul className="rd-rec-list">{shownPackages.map(card)}</ul> : null}
        </section>
      ) : null}
    </section>
  );
}
