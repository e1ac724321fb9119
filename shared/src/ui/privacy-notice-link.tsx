import { useTranslation } from 'react-i18next';
import { PRIVACY_PATH } from '../mfe/pages';

/**
 * "How we handle your personal data", before a homeowner shares anything (sign-in, contact details, installer
 * requests): opens the notice in a new tab, so what they were doing stays where it was.
 */
export function PrivacyNoticeLink({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p className={className ?? 'he-muted'}>
      <a href={PRIVACY_PATH} target="_blank" rel="noopener" data-testid="privacy-notice-link">
        {t('privacyLink.text')}
        <span className="he-visually-hidden"> {t('privacyLink.newTab')}</span>
      </a>
    </p>
  );
}
