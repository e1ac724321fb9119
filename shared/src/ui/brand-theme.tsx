import { useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';
import { useGetBrandConfigQuery } from '../api/brand-api';
import type { BrandConfig } from '../schemas/brand';

const COLOUR_VARIABLES = { text: '--he-text', muted: '--he-muted', background: '--he-bg', surface: '--he-surface', border: '--he-border', danger: '--he-danger' } as const;

/** The CSS custom properties of a brand config (only the colours it sets). */
export function brandVariables(config: BrandConfig): Record<string, string> {
  const vars: Record<string, string> = {};
  if (config.accent) vars['--he-accent'] = config.accent;
  if (config.accentSoft) vars['--he-accent-soft'] = config.accentSoft;
  if (config.accentDark) vars['--he-accent-dark'] = config.accentDark;
  for (const [key, variable] of Object.entries(COLOUR_VARIABLES)) {
    const value = config.colours?.[key as keyof typeof COLOUR_VARIABLES];
    if (value) vars[variable] = value;
  }
  return vars;
}

/**
 * Applies the brand's colours to the page (on :root, so the console's own accent on [data-theme='console'] still
 * wins under /console). The brand comes from `?owner=` on first arrival; the BFF keeps it in a cookie after that.
 */
export function BrandTheme() {
  const { search } = useLocation();
  const owner = new URLSearchParams(search).get('owner')?.toLowerCase() || undefined;
  const { data } = useGetBrandConfigQuery(owner);
  useEffect(() => {
    if (!data) return;
    const style = document.getElementById('he-brand-theme') ?? Object.assign(document.createElement('style'), { id: 'he-brand-theme' });
    const vars = brandVariables(data.config);
    style.textContent = `:root{${Object.entries(vars).map(([k, v]) => `${k}:${v}`).join(';')}}`;
    if (!style.isConnected) document.head.append(style);
    document.documentElement.dataset.brand = data.brand;
  }, [data]);
  return null;
}
