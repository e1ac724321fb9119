import { useTranslation } from 'react-i18next';
import { ENERGY_CLASSES, type EnergyClass } from '@home-energy/shared';

/** An EPC class A–G in the usual colours; screen readers hear "Energy class D". */
export function EpcBadge({
  energyClass,
  size = 'md',
  label,
}: {
  energyClass: EnergyClass | null;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}) {
  const { t } = useTranslation('results');
  if (!energyClass) {
    return (
      <span className={`rd-badge rd-badge--${size} rd-badge--none`} role="img" aria-label={label ?? t('label.noClass')}>
        <span aria-hidden="true">–</span>
      </span>
    );
  }
  return (
    <span
      className={`rd-badge rd-badge--${size}`}
      data-class={energyClass}
      role="img"
      aria-label={label ?? t('label.class', { class: energyClass })}
    >
      <span aria-hidden="true">{energyClass}</span>
    </span>
  );
}

/** The A–G ladder with the home's class marked (decorative: the class is said in text beside it). */
export function EpcScale({ energyClass }: { energyClass: EnergyClass | null }) {
  return (
    <ol className="rd-scale" aria-hidden="true">
      {ENERGY_CLASSES.map((c, index) => (
        <li
          key={c}
          className="rd-scale__step"
          data-class={c}
          data-current={c === energyClass || undefined}
          style={{ width: `${46 + index * 9}%` }}
        >
          <span>{c}</span>
        </li>
      ))}
    </ol>
  );
}
