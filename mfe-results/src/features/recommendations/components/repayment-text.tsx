import { useTranslation } from 'react-i18next';
import type { Financing, Format } from '@home-energy/shared';

/**
 * "9.5 years", or with a loan "9.5 years (11 years with interest)"; "Never" without savings; "No cost" when nothing is
 * invested (there is nothing to pay back).
 */
export function RepaymentText({ financing, format }: { financing: Financing; format: Format }) {
  const { t } = useTranslation('results');
  if (financing.investmentCost <= 0 && financing.investmentCostRange.high <= 0)
    return <>{t('figures.nothingToPayBack')}</>;
  if (financing.repaymentYears === null) return <>{t('figures.never')}</>;
  const plain = t('units.years', {
    count: financing.repaymentYears,
    formatted: format.years(financing.repaymentYears),
  });
  if (financing.loanAmount === 0 || financing.repaymentYearsWithInterest === null) return <>{plain}</>;
  const withInterest = t('units.years', {
    count: financing.repaymentYearsWithInterest,
    formatted: format.years(financing.repaymentYearsWithInterest),
  });
  return <>{t('figures.repaymentWithInterest', { plain, withInterest })}</>;
}
