import { containsPattern, startsWithPattern } from '../like';

describe('LIKE patterns from typed text', () => {
  it('treat %, _ and \\ as plain characters', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(startsWithPattern('a_b')).toBe('a\\_b%');
  });
});
