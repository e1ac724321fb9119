import { startTransition, useOptimistic } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAN_TYPES, type LoanType } from '@home-energy/shared';

/**
 * docs/product.md §4: Cash (default), Private or Mortgage, for every recommendation at once. The choice shows at once;
 * `onChange` runs in a transition, so every card's new figures render in the background, in short tasks.
 */
export function LoanTypeChoice({ value, onChange }: { value: LoanType; onChange: (loanType: LoanType) => void }) {
  const { t } = useTranslation('results');
  const [shown, show] = useOptimistic(value);
  const choose = (loanType: LoanType) =>
    startTransition(() => {
      show(loanType);
      onChange(loanType);
    });
  return (
    <fieldset className="rd-loan-type rd-controls">
      <legend>{t('financing.loanTypeLegend')}</legend>
      <div className="rd-segmented">
        {LOAN_TYPES.map((loanType) => (
          <label key={loanType} className="rd-segmented__option">
            <input
              type="radio"
              name="loan-type"
              value={loanType}
              checked={shown === loanType}
              onChange={() => choose(loanType)}
            />
            <span>{t(`financing.loanTypes.${loanType}`)}</span>
          </label>
        ))}
      </div>
      <p className="rd-muted rd-loan-type__hint">{t(`financing.loanTypeHints.${shown}`)}</p>
    </fieldset>
  );
}
