import { describe, expect, it } from 'vitest';
import { compileFormula } from './formula';

describe('compileFormula', () => {
  it('evaluates arithmetic of x', () => {
    expect(compileFormula('2 * x + 100')?.(5)).toBe(110);
    expect(compileFormula('-(x - 1) ^ 2')?.(3)).toBe(-4);
    expect(compileFormula('2 ^ -x')?.(1)).toBe(0.5);
    expect(compileFormula('2 ^ 3 ^ 2')?.(0)).toBe(512);
  });
  it('takes a goal line written as an assignment to y, as Superset users type it', () => {
    expect(compileFormula('y=1400000')?.(7)).toBe(1400000);
    expect(compileFormula(' y = 2*x ')?.(4)).toBe(8);
  });
  it('refuses other text', () => {
    expect(compileFormula('z=1')).toBeNull();
    expect(compileFormula('y=')).toBeNull();
    expect(compileFormula('alert(1)')).toBeNull();
  });
});
