import { useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';
import { useGetBrandConfigQuery } from '../api/brand-api';
import type { BrandConfig, BrandConfigResponse } from '../schemas/brand';
import { resolvedAccents } from '../schemas/brand-colours';

const COLOUR_VARIABLES = {
  text: '--he-text',
  muted: '--he-muted',
  background: '--he-bg',
  surface: '--he-surface',
  border: '--he-border',
  danger: '--he-danger',
} as const;

/**
 * The CSS custom properties of a brand config: the colours it sets, and with an accent the soft and dark accents it
 * leaves unset mixed from it (never the platform's, which belong to another hue).
 */
export function brandVariables(config: BrandConfig): Record<string, string> {
  const vars: Record<string, string> = {};
  const { accent, accentSoft, accentDark } = resolvedAccents(config);
  if (accent) vars['--he-accent'] = accent;
  if (accentSoft) vars['--he-accent-soft'] = accentSoft;
  if (accentDark) vars['--he-accent-dark'] = accentDark;
  for (const [key, variable] of Object.entries(COLOUR_VARIABLES)) {
    const value = config.colours?.[key as keyof typeof COLOUR_VARIABLES];
    if (value) vars[variable] = value;
  }
  return vars;
}

/**
 * The page's brand config (the brand from `?owner=` on first arrival, else the BFF's choice); undefined while loading.
 */
export function useBrandConfig(): BrandConfigResponse | undefined {
  const { search } = useLocation();
  const owner = new URLSearchParams(search).get('owner')?.toLowerCase() || undefined;
  return useGetBrandConfigQuery(owner).data;
}

/**
 * Applies the brand's colours to the page (on :root, so the console's own accent on [data-theme='console'] still
 * wins under /console). The brand comes from `?owner=` on first arrival; the BFF keeps it in a cookie after that.
 */
export function BrandTheme() {
  const data = useBrandConfig();
  useEffect(() => {
    if (!data) return;
    const style =
      document.getElementById('he-brand-theme') ??
      Object.assign(document.createElement('style'), { id: 'he-brand-theme' });
    const vars = brandVariables(data.config);
    style.textContent = `:root{${Object.entries(vars)
      .map(([k, v]) => `${k}:${v}`)
      .join(';')}}`;
    if (!style.isConnected) document.head.append(style);
    document.documentElement.dataset.brand = data.brand;
  }, [data]);
  return null;
}
