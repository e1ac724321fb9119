import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../ui/placeholder-page';

/**
 * A page whose feature is not built yet, in the remote's own namespace: `pages.<page>.title`, `.intro` and
 * `.upcoming` (a list). Feature issues replace these one by one with the real page.
 */
export function TextPage({ namespace, page }: { namespace: string; page: string }) {
  const { t } = useTranslation(namespace);
  const upcoming = t(`pages.${page}.upcoming`, { returnObjects: true, defaultValue: [] }) as unknown;
  return (
    <PlaceholderPage
      title={t(`pages.${page}.title`)}
      intro={t(`pages.${page}.intro`)}
      upcoming={Array.isArray(upcoming) ? (upcoming as string[]) : []}
    />
  );
}
