import { andList } from '../and-list';

describe('andList', () => {
  it('names one item as itself', () => {
    expect(andList(['E'], 'en')).toBe('E');
    expect(andList(['E'], 'sv')).toBe('E');
  });

  it('joins several in the language of the page', () => {
    expect(andList(['E', 'F'], 'en')).toBe('E and F');
    expect(andList(['E', 'F'], 'sv')).toBe('E och F');
    expect(andList(['C', 'D', 'E'], 'en')).toBe('C, D, and E');
    expect(andList(['C', 'D', 'E'], 'sv')).toBe('C, D och E');
  });

  it('keeps each language apart once both were used', () => {
    andList(['A', 'B'], 'sv');
    expect(andList(['A', 'B'], 'en')).toBe('A and B');
    expect(andList(['A', 'B'], 'sv')).toBe('A och B');
  });

  it('names nothing for no items', () => {
    expect(andList([], 'en')).toBe('');
  });
});
