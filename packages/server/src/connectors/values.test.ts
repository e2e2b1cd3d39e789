import { describe, expect, it } from 'vitest';
import { exactInteger, genericTypeOf, numericFromText, toCell } from './values.js';

describe('values', () => {
  it('classifies engine types', () => {
    const cases: [string, string][] = [
      ['INTEGER', 'Numeric'],
      ['BIGINT', 'Numeric'],
      ['HUGEINT', 'Numeric'],
      ['DECIMAL(10,2)', 'Numeric'],
      ['DOUBLE PRECISION', 'Numeric'],
      ['INT(11)', 'Numeric'],
      ['TIMESTAMP WITH TIME ZONE', 'Temporal'],
      ['DATE', 'Temporal'],
      ['datetime', 'Temporal'],
      ['TIMESTAMP_NS', 'Temporal'],
      ['INTERVAL', 'String'],
      ['BOOLEAN', 'Boolean'],
      ['VARCHAR', 'String'],
      ['INTEGER[]', 'String'],
      ['STRUCT("a" INTEGER)', 'String'],
    ];
    for (const [type, generic] of cases) expect([type, genericTypeOf(type)]).toEqual([type, generic]);
  });

  it('never loses digits', () => {
    expect(exactInteger('9007199254740991')).toBe(9007199254740991);
    expect(exactInteger('9007199254740993')).toBe(9007199254740993n);
    expect(exactInteger(-9007199254740993n)).toBe(-9007199254740993n);
    expect(numericFromText('12345678901234567890.000')).toBe(12345678901234567890n);
    expect(numericFromText('1.50')).toBe(1.5);
    expect(numericFromText('42')).toBe(42);
    expect(Number.isNaN(numericFromText('NaN'))).toBe(true);
  });

  it('turns driver values into JSON-like cells', () => {
    expect(toCell(new Uint8Array([1, 255]))).toBe('\\x01ff');
    expect(toCell({ a: [1, 2n ** 60n] })).toEqual({ a: [1, 2n ** 60n] });
    expect(toCell(undefined)).toBeNull();
  });
});
