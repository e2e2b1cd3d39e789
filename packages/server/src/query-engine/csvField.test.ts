import { describe, expect, it } from 'vitest';
import { escapeFormula } from '@tessera/core';
import { csvField } from './csvField.js';

describe('CSV fields', () => {
  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3|cmd')).toBe("'-2+3\\|cmd");
    expect(escapeFormula('\tx')).toBe("'\tx");
  });

  it('leaves numbers, negative numbers as text and ordinary text alone', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });
});
