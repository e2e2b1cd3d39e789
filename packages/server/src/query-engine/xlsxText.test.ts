import { describe, expect, it } from 'vitest';
import { xlsxText, xlsxTextElement } from './xlsxText.js';

describe('xlsxText', () => {
  it('escapes markup, control characters and `_xHHHH_` literals', () => {
    expect(xlsxText('plain')).toBe('plain');
    expect(xlsxText('a<b>&c"d\'')).toBe('a&lt;b&gt;&amp;c"d\'');
    expect(xlsxText('\u0000\u0008\t\n\u000B\r\u001F\uFFFF')).toBe('_x0000__x0008_\t\n_x000B__x000D__x001F__xFFFF_');
    expect(xlsxText('_x12AB_ _xyz_ _x12G4_')).toBe('_x005F_x12AB_ _xyz_ _x12G4_');
  });

  it('keeps edge white space and line breaks with xml:space', () => {
    expect(xlsxTextElement('a b')).toBe('<t>a b</t>');
    expect(xlsxTextElement(' a')).toBe('<t xml:space="preserve"> a</t>');
    expect(xlsxTextElement('a\nb')).toBe('<t xml:space="preserve">a\nb</t>');
    expect(xlsxTextElement('a&b\u0001')).toBe('<t>a&amp;b_x0001_</t>');
  });
});
