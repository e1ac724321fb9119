import { useTranslation } from 'react-i18next';

/** The product mark: a house with a rising energy bar. */
export function Logo({ href = '/' }: { href?: string }) {
  const { t } = useTranslation('common');
  return (
    <a className="he-logo" href={href} aria-label={t('product.home')}>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)" />
        <rect x="10" y="19" width="3" height="6" fill="#fff" />
        <rect x="15" y="16" width="3" height="9" fill="#fff" />
        <rect x="20" y="13" width="3" height="12" fill="#fff" />
      </svg>
      <span>{t('product.name')}</span>
    </a>
  );
}
