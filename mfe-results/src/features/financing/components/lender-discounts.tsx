import { useTranslation } from 'react-i18next';
import {
  LENDERS,
  mortgageDiscount,
  type EnergyClass,
  type Lender,
  useDebounced,
  type Format,
} from '@home-energy/shared';
import { useGetLenderDiscountQuery } from '../api/get-lender-discount';

interface DiscountInput {
  energyClassAfter: EnergyClass;
  energyClassBefore: EnergyClass | null;
  mortgageAmount: number;
  format: Format;
}

function LenderDiscountRow({
  lender,
  energyClassAfter,
  energyClassBefore,
  mortgageAmount,
  format,
}: DiscountInput & { lender: Lender }) {
  const { t, i18n } = useTranslation('results');
  // The request waits until the sliders rest; the kronor follow the sliders at once.
  const amount = useDebounced(Math.round(mortgageAmount), 400);
  const { data, isError, isFetching } = useGetLenderDiscountQuery({
    lender,
    energy_class_after: energyClassAfter,
    ...(energyClassBefore ? { energy_class_before: energyClassBefore } : {}),
    mortgage_amount: amount,
  });
  const sv = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv');
  if (isError) return <li className="rd-discount rd-discount--error">{t('discounts.failed', { lender })}</li>;
  if (!data) return <li className="rd-discount rd-muted">{t('discounts.loading')}</li>;
  const yearly = mortgageDiscount(data.interest_discount, mortgageAmount);
  return (
    <li className="rd-discount" data-lender={lender} aria-busy={isFetching || undefined}>
      <span className="rd-discount__name">{data.name}</span>{' '}
      {data.eligible ? (
        <>
          <span>{t('discounts.points', { points: format.number(data.interest_discount) })}</span>{' '}
          <strong data-testid={`discount-${lender}`}>{t('discounts.perYear', { amount: format.kr(yearly) })}</strong>
        </>
      ) : (
        <span className="rd-muted">{sv ? data.reason.sv : data.reason.en}</span>
      )}
    </li>
  );
}

/** Green mortgage discounts of the two (demo) lenders for the class after the measure, as kronor a year. */
export function LenderDiscounts({
  energyClassAfter,
  energyClassBefore,
  mortgageAmount,
  format,
}: Omit<DiscountInput, 'energyClassAfter'> & { energyClassAfter: EnergyClass | null }) {
  const { t } = useTranslation('results');
  if (!energyClassAfter || mortgageAmount <= 0) {
    return (
      <div className="rd-discounts">
        <h5>{t('discounts.heading')}</h5>
        <p className="rd-muted">{t(energyClassAfter ? 'discounts.noMortgage' : 'discounts.noClass')}</p>
      </div>
    );
  }
  return (
    <div className="rd-discounts">
      <h5>{t('discounts.heading')}</h5>
      <p className="rd-muted">{t('discounts.intro', { class: energyClassAfter, amount: format.kr(mortgageAmount) })}</p>
      <ul>
        {LENDERS.map((lender) => (
          <LenderDiscountRow
            key={lender}
            lender={lender}
            energyClassAfter={energyClassAfter}
            energyClassBefore={energyClassBefore}
            mortgageAmount={mortgageAmount}
            format={format}
          />
        ))}
      </ul>
      <p className="rd-muted rd-small">{t('discounts.demoNote')}</p>
    </div>
  );
}
