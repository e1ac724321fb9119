import { useTranslation } from 'react-i18next';
import type { LoanSettings, LoanSliderLimits, SliderLimits } from '@home-energy/shared';
import type { Format } from '@home-energy/shared';

type SliderKey =
  'homeValuation' | 'homeLoan' | 'homeLoanInterest' | 'privateLoanInterest' | 'extensionLoan' | 'loanTerm';

interface SliderProps {
  id: string;
  label: string;
  limits: SliderLimits;
  value: number;
  /** How a value of this slider reads ("2 000 000 kr", "3.1 %", "20 years"). */
  show: (value: number) => string;
  onChange: (value: number) => void;
}

function Slider({ id, label, limits, value, show, onChange }: SliderProps) {
  const text = show(value);
  return (
    <div className="rd-slider">
      <label htmlFor={id}>{label}</label>
      <output htmlFor={id} className="rd-slider__value">
        {text}
      </output>
      <input
        id={id}
        type="range"
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        aria-valuetext={text}
        disabled={limits.max <= limits.min}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <span className="rd-slider__range" aria-hidden="true">
        <span>{show(limits.min)}</span>
        <span>{show(limits.max)}</span>
      </span>
    </div>
  );
}

/**
 * The financing sliders of one recommendation, with the limits of docs/product.md §9 for its cost. What they set is
 * shared by every recommendation; `settings` arrive already clamped to this one's limits.
 */
export function LoanSliders({
  idPrefix,
  settings,
  limits,
  borrowed,
  format,
  onChange,
}: {
  idPrefix: string;
  settings: LoanSettings;
  limits: LoanSliderLimits;
  /** What is borrowed for this measure (the extension loan slider's value). */
  borrowed: number;
  format: Format;
  onChange: (changes: Partial<Omit<LoanSettings, 'loanType'>>) => void;
}) {
  const { t } = useTranslation('results');
  const id = (key: SliderKey) => `${idPrefix}-${key}`;
  const kr = (value: number) => format.kr(value);
  const percent = (value: number) => format.percent(value);
  const years = (value: number) => t('units.years', { count: value, formatted: format.number(value) });
  return (
    <fieldset className="rd-sliders rd-controls">
      <legend>{t('financing.adjust')}</legend>
      <Slider
        id={id('homeValuation')}
        label={t('financing.homeValuation')}
        limits={limits.homeValuation}
        value={settings.homeValuation}
        show={kr}
        onChange={(homeValuation) => onChange({ homeValuation })}
      />
      <Slider
        id={id('homeLoan')}
        label={t('financing.homeLoan')}
        limits={limits.homeLoan}
        value={settings.homeLoan}
        show={kr}
        onChange={(homeLoan) => onChange({ homeLoan })}
      />
      {settings.loanType === 'Mortgage' ? (
        <Slider
          id={id('homeLoanInterest')}
          label={t('financing.homeLoanInterest')}
          limits={limits.homeLoanInterest}
          value={settings.homeLoanInterest}
          show={percent}
          onChange={(homeLoanInterest) => onChange({ homeLoanInterest })}
        />
      ) : null}
      {settings.loanType === 'Private' ? (
        <Slider
          id={id('privateLoanInterest')}
          label={t('financing.privateLoanInterest')}
          limits={limits.privateLoanInterest}
          value={settings.privateLoanInterest}
          show={percent}
          onChange={(privateLoanInterest) => onChange({ privateLoanInterest })}
        />
      ) : null}
      {settings.loanType !== 'Cash' ? (
        <Slider
          id={id('extensionLoan')}
          label={t('financing.extensionLoan')}
          limits={limits.extensionLoan}
          value={borrowed}
          show={kr}
          onChange={(extensionLoan) => onChange({ extensionLoan })}
        />
      ) : null}
      {limits.loanTerm ? (
        <Slider
          id={id('loanTerm')}
          label={t('financing.loanTerm')}
          limits={limits.loanTerm}
          value={settings.loanTerm}
          show={years}
          onChange={(loanTerm) => onChange({ loanTerm })}
        />
      ) : null}
    </fieldset>
  );
}
