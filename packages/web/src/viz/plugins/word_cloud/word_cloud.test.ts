import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { layoutWords, rotationOf } from './layoutWords';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'word_cloud', series: 'name', metric: 'count', size_from: 10, size_to: 50, rotation: 'flat' };

describe('word_cloud', () => {
  it('queries the dimension by the metric, most frequent first', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['name']);
    expect(q.orderby).toEqual([['count', false]]);
  });
  it('scales font sizes linearly between size_from and size_to', () => {
    const result = chartResult([{ name: 'Mary', count: 10 }, { name: 'John', count: 30 }, { name: 'Anna', count: 20 }]);
    const { words } = transformProps(chartProps(formData, [result]));
    expect(words.map((w) => [w.text, w.size])).toEqual([['John', 50], ['Anna', 30], ['Mary', 10]]);
  });
  it('places words inside the area without overlaps, biggest at the centre', () => {
    const words = Array.from({ length: 30 }, (_, i) => ({ text: `word${i}`, value: 30 - i, size: 40 - i, color: '#000' }));
    const placed = layoutWords(words, 600, 400, 'square');
    expect(placed.length).toBeGreaterThan(10);
    expect(placed[0]).toMatchObject({ text: 'word0', x: 300, y: 200 });
    for (const w of placed) {
      expect(w.x).toBeGreaterThan(0);
      expect(w.x).toBeLessThan(600);
      expect([0, 90]).toContain(w.rotate);
    }
    // Same input, same layout.
    expect(layoutWords(words, 600, 400, 'square')).toEqual(placed);
    expect(rotationOf('x', 'flat')).toBe(0);
  });
});
