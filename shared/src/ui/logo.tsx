import { useTranslation } from 'react-i18next';
import type { BrandConfig } from '../schemas/brand';
import { safeImageSrc } from '../schemas/url';

/** The product mark: a house with a rising energy bar. */
function ProductMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true">
      <path d="M4 15 16 4l12 11v13H4z" fill="var(--he-accent)" />
      <rect x="10" y="19" width="3" height="6" fill="#fff" />
      <rect x="15" y="16" width="3" height="9" fill="#fff" />
      <rect x="20" y="13" width="3" height="12" fill="#fff" />
    </svg>
  );
}

/**
 * The header's mark and name: the brand's (its logo, else the product mark) when a named brand is active, else the
 * product's.
 */
export function Logo({ href = '/', brand }: { href?: string; brand?: Pick<BrandConfig, 'name' | 'logo'> }) {
  const { t } = useTranslation('common');
  const name = brand?.name;
  if (!name) {
    return (
      <a className="he-logo" href={href} aria-label={t('product.home')}>
        <ProductMark />
        <span>{t('product.name')}</span>
      </a>
    );
  }
  const logo = safeImageSrc(brand.logo);
  return (
    <a className="he-logo" href={href} aria-label={t('product.brandHome', { name })} data-testid="brand-logo">
      {logo ? <img src={logo} alt={t('product.brandLogo', { name })} /> : <ProductMark />}
      <span>{name}</span>
    </a>
  );
}
