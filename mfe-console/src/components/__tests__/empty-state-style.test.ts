/** @jest-environment node */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';

// jsdom lays nothing out, so this reads the rules that keep the empty state's text inside its card.
const css = fs.readFileSync(path.resolve(__dirname, '../../app/console.css'), 'utf8');

function declarations(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return css.match(new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`))?.[1] ?? '';
}

describe('the empty state', () => {
  it('wraps a long unbroken title or text (a quoted search) instead of running out of its card', () => {
    expect(declarations('.cn-empty__title')).toMatch(/overflow-wrap:\s*anywhere/);
    expect(declarations('.cn-empty__text')).toMatch(/overflow-wrap:\s*anywhere/);
    // The text's column is a flex item: without this it would be as wide as its longest word.
    expect(declarations('.cn-empty > div')).toMatch(/min-width:\s*0/);
  });
});
