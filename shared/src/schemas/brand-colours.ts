// A brand's accent colours: the soft and dark accents a brand leaves unset are mixed from its accent (in OKLCH, so
// the hue stays), and every pair the pages put on top of each other must reach WCAG 2 AA contrast for text (4.5:1).
// culori's `useMode` registers a colour space; it is not a React hook.
import { formatHex, interpolate, modeLrgb, modeOklch, modeRgb, useMode as registerMode, wcagContrast } from 'culori/fn';

// Only the colour spaces used here (the tree-shakeable entry): hex in and out, OKLCH mixing, linear RGB for luminance.
registerMode(modeRgb);
registerMode(modeLrgb);
registerMode(modeOklch);

/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';

/** How far towards white the soft accent lies (backgrounds of badges and selected items). */
const SOFT_TOWARDS_WHITE = 0.88;
/** How far towards black the dark accent lies (links, text on the soft accent, hovered buttons). */
const DARK_TOWARDS_BLACK = 0.35;

const mix = (colour: string, other: string, amount: number): string =>
  formatHex(interpolate([colour, other], 'oklch')(amount)) ?? colour;

export const softAccentOf = (accent: string): string => mix(accent, WHITE, SOFT_TOWARDS_WHITE);
export const darkAccentOf = (accent: string): string => mix(accent, '#000000', DARK_TOWARDS_BLACK);

/** The contrast ratio of two #rrggbb colours (1–21). */
export const contrastRatio = (a: string, b: string): number => wcagContrast(a, b);

export interface Accents {
  accent?: string;
  accentSoft?: string;
  accentDark?: string;
}

/** A colour as the brand schema takes it: #rrggbb. */
export const isHexColour = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** The accents a page shows: the ones set, the others mixed from the accent (none without an accent). */
export function resolvedAccents(config: Accents): Accents {
  if (!config.accent) return { ...config };
  return {
    accent: config.accent,
    accentSoft: config.accentSoft ?? softAccentOf(config.accent),
    accentDark: config.accentDark ?? darkAccentOf(config.accent),
  };
}

export interface ContrastIssue {
  path: 'accent' | 'accentDark';
  /** The pair that fails and its ratio, e.g. for the editor's message. */
  against: 'white' | 'accentSoft';
  ratio: number;
  message: string;
}

const rounded = (ratio: number) => Math.floor(ratio * 100) / 100;

/**
 * The pairs the pages use that fail AA: white text on the accent (buttons; the same ratio as the accent on white) and
 * the dark accent on the soft one (badges, selected navigation). Checked with the derived accents filled in.
 */
export function accentContrastIssues(config: Accents): ContrastIssue[] {
  // Only colours that are colours: the schema refuses the others by name (`#zzzzzz` has no contrast to compute, and
  // culori would throw on it), and zod runs this refinement even when a field already failed.
  const { accent, accentSoft, accentDark } = resolvedAccents({
    accent: isHexColour(config.accent) ? config.accent : undefined,
    accentSoft: isHexColour(config.accentSoft) ? config.accentSoft : undefined,
    accentDark: isHexColour(config.accentDark) ? config.accentDark : undefined,
  });
  const issues: ContrastIssue[] = [];
  if (accent) {
    const ratio = contrastRatio(accent, WHITE);
    if (ratio < MIN_TEXT_CONTRAST)
      issues.push({
        path: 'accent',
        against: 'white',
        ratio: rounded(ratio),
        message: `contrast with white is ${rounded(ratio)}:1; text needs at least ${MIN_TEXT_CONTRAST}:1`,
      });
  }
  if (accentDark && accentSoft) {
    const ratio = contrastRatio(accentDark, accentSoft);
    if (ratio < MIN_TEXT_CONTRAST)
      issues.push({
        path: 'accentDark',
        against: 'accentSoft',
        ratio: rounded(ratio),
        message: `contrast with the soft accent is ${rounded(ratio)}:1; text needs at least ${MIN_TEXT_CONTRAST}:1`,
      });
  }
  return issues;
}
