import { useTranslation } from 'react-i18next';
import type { RuntimeCheck, SharedCheck } from '@home-energy/shared/mfe/compat';
import type { AdminRelease } from '@home-energy/shared/schemas/admin';

const isRuntime = (check: SharedCheck | RuntimeCheck): check is RuntimeCheck => 'external' in check;

/** Why a check failed, in the page's language (the server's `problem` is English, for logs and the CLI). */
function useReason() {
  const { t } = useTranslation('admin');
  return (check: SharedCheck | RuntimeCheck) =>
    isRuntime(check)
      ? check.external && !check.shellProvides
        ? t('releases.reasonRuntimeNotProvided')
        : t('releases.reasonRuntime', {
            built: check.requiredVersion ?? t('releases.unknownVersion'),
            shell: check.shellVersion ?? t('releases.unknownVersion'),
          })
      : check.shellVersion === null
        ? t('releases.reasonNotProvided', { name: check.name })
        : t('releases.reasonRange', { name: check.name, required: check.requiredVersion, shell: check.shellVersion });
}

/**
 * Whether the release can run beside the running shell: its shared singletons and its federation runtime
 * (docs/decisions/federation-runtime.md). The reasons of a failed check are on view; every check is in the details.
 */
export function ReleaseCompatibility({ release }: { release: AdminRelease }) {
  const { t } = useTranslation('admin');
  const reason = useReason();
  const { checks, runtime } = release;
  if (!checks || !runtime) return <span className="he-muted">{t('releases.unchecked')}</span>;
  const all: (SharedCheck | RuntimeCheck)[] = [...checks, runtime];
  const failed = all.filter((check) => !check.ok);
  return (
    <>
      <span className={`he-badge ${failed.length ? 'he-badge--danger' : 'he-badge--ok'}`}>
        {failed.length
          ? t('releases.incompatible', { count: failed.length })
          : t('releases.compatible', { count: all.length })}
      </span>
      {failed.map((check) => (
        <div key={check.name} className="he-field__error">
          {reason(check)}
        </div>
      ))}
      <details className="he-details">
        <summary>{t('releases.checkSummary')}</summary>
        <ul className="he-list-plain" aria-label={t('releases.checkDetails', { version: release.version })}>
          {all.map((check) => (
            <li key={check.name}>
              <span aria-hidden="true">{check.ok ? '✓ ' : '✗ '}</span>
              <code>
                {isRuntime(check)
                  ? t(check.external ? 'releases.runtimeRowExternal' : 'releases.runtimeRow', {
                      built: check.requiredVersion ?? t('releases.unknownVersion'),
                      shell: check.shellVersion ?? t('releases.unknownVersion'),
                    })
                  : t('releases.checkRow', {
                      name: check.name,
                      required: check.requiredVersion ?? '*',
                      shell: check.shellVersion ?? t('releases.notProvided'),
                    })}
              </code>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
