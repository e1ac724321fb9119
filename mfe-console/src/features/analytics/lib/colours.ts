/** The EU energy label's colours, A (dark green) to G (red), and grey for homes without a label yet. */
export const LABEL_COLOURS: Record<string, string> = {
  A: '#00843d',
  B: '#4db848',
  C: '#a8c536',
  D: '#e6c800',
  E: '#fdb913',
  F: '#f37021',
  G: '#d71920',
  unknown: '#9aa3a0',
};

export const labelColours = (keys: string[]) => keys.map((k) => LABEL_COLOURS[k] ?? LABEL_COLOURS.unknown!);
