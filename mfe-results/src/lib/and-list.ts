const formats = new Map<string, Intl.ListFormat>();

/**
 * "E and F" / "E och F". One item is itself, with no formatter: a browser's first `Intl.ListFormat` loads its list
 * data, a task of about 30 ms on a desktop and 170 ms on a slow phone, which the dashboard's plan panel paid before
 * its measures were usable although its suggestions name one class each.
 */
export function andList(items: readonly string[], language: string): string {
  if (items.length === 1) return items[0]!;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    formats.set(language, format);
  }
  return format.format(items);
}
