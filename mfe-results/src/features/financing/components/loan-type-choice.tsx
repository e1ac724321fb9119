import { useTranslation } from 'react-i18next';
import { LOAN_TYPES, type LoanType } from '@home-energy/shared';

/** docs/product.md §4: Cash (default), Private or Mortgage, for every recommendation at once. */
export function LoanTypeChoice({ value, onChange }: { value: LoanType; onChange: (loanType: LoanType) => void }) {
  const { t } = useTranslation('results');
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
              checked={value === loanType}
              onChange={() => onChange(loanType)}
            />
            <span>{t(`financing.loanTypes.${loanType}`)}</span>
          </label>
        ))}
      </div>
      <p className="rd-muted rd-loan-type__hint">{t(`financing.loanTypeHints.${value}`)}</p>
    </fieldset>
  );
}
