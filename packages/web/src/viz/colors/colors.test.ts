import { describe, expect, it } from 'vitest';
import { CategoricalColorScale, dashboardLabelColors, getDashboardColorScale, getSequentialScale, getCategoricalScheme } from './index';

describe('CategoricalColorScale', () => {
  it('hands out the default palette in first-seen order and keeps colours stable', () => {
    const scale = new CategoricalColorScale('supersetColors');
    expect(scale.getColor('boy')).toBe('#1FA8C9');
    expect(scale.getColor('girl')).toBe('#454E7C');
    expect(scale.getColor('boy')).toBe('#1FA8C9');
  });
  it('honours label_colors and falls back to the default scheme for unknown ids', () => {
    const scale = new CategoricalColorScale('nope', { girl: '#ff0000' });
    expect(scale.getColor('girl')).toBe('#ff0000');
    expect(scale.getColor('boy')).toBe('#1FA8C9');
    expect(scale.getColorMap()).toEqual({ boy: '#1FA8C9', girl: '#ff0000' });
  });
  it('wraps around when labels outnumber colours', () => {
    const scale = new CategoricalColorScale('d3Category10');
    const colors = Array.from({ length: 11 }, (_, i) => scale.getColor(i));
    expect(colors[10]).toBe(colors[0]);
    expect(getCategoricalScheme('d3Category10').colors).toHaveLength(10);
  });
});

describe('getSequentialScale', () => {
  it('maps the domain ends to the scheme ends and clamps outside values', () => {
    const scale = getSequentialScale('greens', [0, 100]);
    expect(scale(0)).toBe('#F7FCF5');
    expect(scale(100)).toBe('#00441B');
    expect(scale(500)).toBe('#00441B');
    expect(scale(50)).toBe('#74C476');
  });
});

describe('getDashboardColorScale', () => {
  it('gives a label the same colour in every chart of a dashboard, whatever order the charts saw it in', () => {
    const chartA = getDashboardColorScale(901, 'supersetColors');
    const chartB = getDashboardColorScale(901, 'supersetColors');
    expect(chartA.getColor('boy')).toBe('#1FA8C9');
    // Chart B sees 'girl' first: alone it would give it the first colour.
    expect(chartB.getColor('girl')).toBe('#454E7C');
    expect(chartB.getColor('boy')).toBe('#1FA8C9');
    expect(dashboardLabelColors(901, 'supersetColors')).toEqual({ boy: '#1FA8C9', girl: '#454E7C' });
  });
  it('lets explicit label colours win without using a slot of the shared index, and keeps dashboards apart', () => {
    const forced = getDashboardColorScale(902, 'supersetColors', { boy: '#ff0000' });
    expect(forced.getColor('boy')).toBe('#ff0000');
    expect(forced.getColor('girl')).toBe('#1FA8C9');
    expect(getDashboardColorScale(903, 'supersetColors').getColor('other')).toBe('#1FA8C9');
  });
});
