import { useEffect, useRef, useState } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import type { ProfileProperty } from '@home-energy/shared';
import { formatPostcode } from '@home-energy/shared/format/postcode';
import { HomeRequests } from './home-requests';
import { dashboardPath } from '@home-energy/shared/mfe/pages';

/**
 * One home in "My homes": its label letter in the class colour, the address linking to its dashboard, and removal after
 * a confirmation.
 */
export function HomeCard({
  home,
  selected,
  busy,
  onRemove,
}: {
  home: ProfileProperty;
  selected: boolean;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('flow');
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const address = home.addresses[0];
  const titleId = `home-${home.id}-title`;

  // The question takes the focus when it appears; cancelling hands it back to Remove.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  return (
    <li className="he-card flow-home" aria-labelledby={titleId}>
      <span
        className="flow-home__label"
        data-class={home.label ?? undefined}
        role="img"
        aria-label={home.label ? t('profile.label', { class: home.label }) : t('profile.noLabel')}
      >
        <span aria-hidden="true">{home.label ?? '–'}</span>
      </span>
      <div className="flow-home__body">
        <h3 id={titleId} className="flow-home__address">
          <Link to={dashboardPath(home.id)}>{address ? address.street : home.name}</Link>
        </h3>
        {address ? (
          <p className="he-muted flow-home__place">
            {formatPostcode(address.postal_code)} {address.postal_city}
          </p>
        ) : null}
        {selected ? <span className="he-badge">{t('profile.selected')}</span> : null}
        <HomeRequests propertyId={home.id} />
      </div>
      <div className="flow-home__actions">
        {confirming ? (
          <div role="group" aria-labelledby={`${titleId}-confirm`} className="flow-home__confirm">
            <p id={`${titleId}-confirm`}>{t('profile.confirmRemove', { name: home.name })}</p>
            <button
              type="button"
              className="he-button he-button--danger he-button--small"
              disabled={busy}
              onClick={onRemove}
            >
              {t('profile.confirm')}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="he-button he-button--secondary he-button--small"
              onClick={() => setConfirming(false)}
            >
              {t('profile.cancel')}
            </button>
          </div>
        ) : (
          <button
            ref={removeRef}
            type="button"
            className="he-button he-button--secondary he-button--small"
            onClick={() => setConfirming(true)}
            aria-label={t('profile.removeLabel', { name: home.name })}
          >
            {t('profile.remove')}
          </button>
        )}
      </div>
    </li>
  );
}
