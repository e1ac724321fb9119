import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor } from '../format/formats';

/**
 * The shared number formats (docs/product.md §9: spaces between thousands, at most 2 decimals) in the page's language.
 */
export function useFormat() {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const swedish = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv');
  return useMemo(() => formatsFor(swedish ? 'sv' : 'en'), [swedish]);
}

export type Format = ReturnType<typeof useFormat>;
