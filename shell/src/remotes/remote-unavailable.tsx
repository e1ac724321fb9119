import { useTranslation } from 'react-i18next';
import { useRemoteSlot } from './remote-slot-context';

/** What a remote's slot shows when the remote cannot be loaded or crashed: the rest of the page keeps working. */
export function RemoteUnavailable() {
  const slot = useRemoteSlot();
  const { t } = useTranslation('common');
  return (
    <section className="he-unavailable" role="alert" data-remote-unavailable={slot?.remote ?? ''}>
      <h2>{t('remote.unavailableTitle')}</h2>
      <p>{t('remote.unavailableText')}</p>
      {slot ? (
        <button type="button" className="he-button" onClick={slot.retry}>
          {t('remote.retry')}
        </button>
      ) : null}
    </section>
  );
}
