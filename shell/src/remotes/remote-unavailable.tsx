import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { revealApp } from './first-paint';
import { useRemoteSlot } from './remote-slot-context';

/** What a remote's slot shows when the remote cannot be loaded or crashed: the rest of the page keeps working. */
export function RemoteUnavailable() {
  const slot = useRemoteSlot();
  const { t } = useTranslation('common');
  // A failure is news at once: the server's static first paint of the page must not hide it until its time limit.
  useEffect(revealApp, []);
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
