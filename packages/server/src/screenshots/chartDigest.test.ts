import { describe, expect, it } from 'vitest';
import { chartDigest, screenshotCacheKey, thumbnailUrlOf } from './chartDigest.js';

const chart = { id: 4, viz_type: 'pie', params: '{"viz_type":"pie","metric":"count"}', changed_on: '2026-01-02T03:04:05.000000' };

describe('chart digest', () => {
  it('is 32 hex characters, the same for the same chart and user', () => {
    expect(chartDigest(chart, 1)).toMatch(/^[0-9a-f]{32}$/);
    expect(chartDigest({ ...chart }, 1)).toBe(chartDigest(chart, 1));
  });

  it('changes with whatever changes the picture: id, viz type, params, last change and user', () => {
    const base = chartDigest(chart, 1);
    const variants = [
      chartDigest({ ...chart, id: 5 }, 1),
      chartDigest({ ...chart, viz_type: 'table' }, 1),
      chartDigest({ ...chart, params: '{"viz_type":"pie","metric":"sum__num"}' }, 1),
      chartDigest({ ...chart, params: null }, 1),
      chartDigest({ ...chart, changed_on: '2026-01-02T03:04:06.000000' }, 1),
      chartDigest(chart, 2),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('keys each window and picture size of a digest apart', () => {
    const digest = chartDigest(chart, 1);
    const key = screenshotCacheKey(digest, [800, 600], [800, 600]);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(screenshotCacheKey(digest, [800, 600], [800, 600])).toBe(key);
    expect(screenshotCacheKey(digest, [1000, 600], [800, 600])).not.toBe(key);
    expect(screenshotCacheKey(digest, [800, 600], [400, 300])).not.toBe(key);
    expect(screenshotCacheKey(chartDigest(chart, 2), [800, 600], [800, 600])).not.toBe(key);
  });

  it('gives a signed-in caller the thumbnail address of their digest, and an anonymous one none', () => {
    expect(thumbnailUrlOf({ id: 1, roles: [] }, chart)).toBe(`/api/v1/chart/4/thumbnail/${chartDigest(chart, 1)}/`);
    expect(thumbnailUrlOf({ id: null, roles: [] }, chart)).toBeNull();
  });
});
