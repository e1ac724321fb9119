import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTALLER_MEASURES, useToast, type InstallerMeasure } from '@home-energy/shared';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { useSaveInstallerMeasuresMutation } from '../api/configuration-api';
import { ApiIssues } from './api-issues';

const every = (measures: readonly InstallerMeasure[] | null) =>
  new Set<InstallerMeasure>(measures ?? INSTALLER_MEASURES);

/**
 * An installer organisation's measures: homeowners are offered it for the ones ticked only (all of them, the default,
 * also covers measures added later).
 */
export function InstallerMeasuresEditor({ org, measures }: { org: string; measures: InstallerMeasure[] | null }) {
  const { t } = useTranslation('console');
  const toast = useToast();
  const id = useId();
  const [chosen, setChosen] = useState(() => every(measures));
  const [save, state] = useSaveInstallerMeasuresMutation();
  useEffect(() => setChosen(every(measures)), [measures]);
  const dirty = [...every(measures)].sort().join() !== [...chosen].sort().join();

  function toggle(measure: InstallerMeasure, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(measure);
    else next.delete(measure);
    setChosen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save({ org, measures: INSTALLER_MEASURES.filter((m) => chosen.has(m)) }).unwrap();
      toast(t('configuration.installerMeasures.saved'));
    } catch {
      // Shown below the list.
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <fieldset className="cn-measure-choice">
        <legend>{t('configuration.installerMeasures.legend')}</legend>
        {INSTALLER_MEASURES.map((measure) => (
          <label key={measure} htmlFor={`${id}-${measure}`}>
            <input
              id={`${id}-${measure}`}
              type="checkbox"
              checked={chosen.has(measure)}
              onChange={(event) => toggle(measure, event.target.checked)}
            />{' '}
            {t(measureTextKey(measure))}
          </label>
        ))}
      </fieldset>
      {chosen.size === 0 ? (
        <p className="he-alert" role="alert">
          {t('configuration.installerMeasures.none')}
        </p>
      ) : null}
      {state.isError ? <ApiIssues error={state.error} /> : null}
      <div className="he-actions">
        <button type="submit" className="he-button" disabled={!dirty || chosen.size === 0 || state.isLoading}>
          {state.isLoading ? t('common.saving') : t('configuration.installerMeasures.save')}
        </button>
      </div>
    </form>
  );
}
