// Text PostgreSQL cannot store (NUL: the driver's error would be a 500) or that is not Unicode (unpaired surrogates),
// and the key `__proto__`, which zod's records drop without a word (an unknown key is refused, never ignored).

// An unpaired UTF-16 surrogate: not a character, silently replaced by U+FFFD when stored.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) in a parsed input that is not storable text, else null. */
export function unstorableText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: string; message: string } | null {
  const problem = (text: string) =>
    text.includes('\u0000')
      ? 'must not contain NUL characters'
      : LONE_SURROGATE.test(text)
        ? 'must be valid Unicode text'
        : null;
  if (typeof value === 'string') {
    const message = problem(value);
    return message ? { path: path.join('.'), message } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = key === '__proto__' ? 'is not an allowed key' : problem(key);
    if (keyProblem) return { path: [...path, key === '__proto__' ? key : '(key)'].join('.'), message: keyProblem };
    const found = unstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
