import { describe, expect, it } from 'vitest';
import { escapeFormula, quoteCsvText } from './csvText.js';

describe('csv text', () => {
  it('keeps formulas as text and leaves negative numbers alone', () => {
    expect(escapeFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(escapeFormula('@SUM(A1)|x')).toBe("'@SUM(A1)\\|x");
    expect(escapeFormula('-12.5')).toBe('-12.5');
    expect(escapeFormula('plain')).toBe('plain');
  });

  it('quotes fields with commas, quotes or line breaks', () => {
    expect(quoteCsvText('a,b')).toBe('"a,b"');
    expect(quoteCsvText('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvText('two\nlines')).toBe('"two\nlines"');
    expect(quoteCsvText('plain')).toBe('plain');
  });
});
