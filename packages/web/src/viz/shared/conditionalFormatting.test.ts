import { describe, expect, it } from 'vitest';
import { conditionalColor, conditionalColorScale, getOpacity, withAlpha } from './conditionalFormatting';

describe('conditional formatting shading (Superset getColorFormatters)', () => {
  it('grades opacity from the cut-off to the extreme, from 0.05 up to 1', () => {
    expect(getOpacity(10, 0, 10)).toBe(1);
    expect(getOpacity(0, 0, 10)).toBe(0.05);
    expect(getOpacity(5, 0, 10)).toBe(0.53);
    expect(getOpacity(5, 0, 10, 0)).toBe(0.5);
    expect(getOpacity(3, 3, 3)).toBe(1);
    expect(getOpacity(20, 0, 10)).toBe(1);
  });

  it('adds the opacity to hex and rgb colours', () => {
    expect(withAlpha('#ff0000', 0.5)).toBe('rgba(255, 0, 0, 0.5)');
    expect(withAlpha('#f00', 0.25)).toBe('rgba(255, 0, 0, 0.25)');
    expect(withAlpha('rgb(1, 2, 3)', 0.4)).toBe('rgba(1, 2, 3, 0.4)');
    expect(withAlpha('#ff0000', 1)).toBe('#ff0000');
  });

  it('"None" shades the whole column from its minimum (transparent) to its maximum (solid)', () => {
    const scale = conditionalColorScale([{ column: 'x', operator: 'None', colorScheme: '#000000' }], 'x', [0, 50, 100]);
    expect(scale(0)).toBe('rgba(0, 0, 0, 0)');
    expect(scale(50)).toBe('rgba(0, 0, 0, 0.5)');
    expect(scale(100)).toBe('#000000');
  });

  it('"greater than" shades from the target to the maximum, "less than" from the target down to the minimum', () => {
    const values = [0, 10, 20, 30, 40];
    const gt = conditionalColorScale([{ column: 'x', operator: '>', targetValue: 20, colorScheme: '#000000' }], 'x', values);
    expect([gt(10), gt(20), gt(30), gt(40)]).toEqual([undefined, undefined, 'rgba(0, 0, 0, 0.53)', '#000000']);
    const lt = conditionalColorScale([{ column: 'x', operator: '<', targetValue: 20, colorScheme: '#000000' }], 'x', values);
    expect([lt(0), lt(10), lt(30)]).toEqual(['#000000', 'rgba(0, 0, 0, 0.53)', undefined]);
  });

  it('"not equal" shades towards the farther extreme; "between" from the left bound to the right', () => {
    const ne = conditionalColorScale([{ column: 'x', operator: '≠', targetValue: 10, colorScheme: '#000000' }], 'x', [0, 10, 100]);
    expect([ne(10), ne(100), ne(55)]).toEqual([undefined, '#000000', 'rgba(0, 0, 0, 0.53)']);
    const between = conditionalColorScale([{ column: 'x', operator: '< x <', targetValueLeft: 0, targetValueRight: 10, colorScheme: '#000000' }], 'x', [0, 5, 10]);
    expect([between(0), between(5), between(10)]).toEqual([undefined, 'rgba(0, 0, 0, 0.53)', undefined]);
  });

  it('the last matching rule wins, rules for other columns are ignored, a single value is solid', () => {
    const rules = [
      { column: 'x', operator: '>', targetValue: 0, colorScheme: '#ff0000' },
      { column: 'x', operator: '>', targetValue: 5, colorScheme: '#00ff00' },
      { column: 'y', operator: '>', targetValue: 0, colorScheme: '#0000ff' },
    ];
    const scale = conditionalColorScale(rules, 'x', [0, 5, 10]);
    expect(scale(3)).toBe('rgba(255, 0, 0, 0.34)');
    expect(scale(10)).toBe('#00ff00');
    expect(conditionalColor(rules, 'y', 7)).toBe('#0000ff');
  });
});
