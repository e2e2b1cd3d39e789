import { describe, expect, it } from 'vitest';
import { embedCode, shareByEmailHref } from './embedCode';

describe('embedCode', () => {
  it('frames the permalink in standalone mode at the chosen size', () => {
    const code = embedCode('http://localhost:8088/superset/explore/p/abc123/', 600, 400);
    expect(code).toContain('width="600"');
    expect(code).toContain('height="400"');
    expect(code).toContain('src="http://localhost:8088/superset/explore/p/abc123/?standalone=1&height=400"');
  });

  it('keeps a relative permalink relative', () => {
    expect(embedCode('/superset/explore/p/k/', 300, 200)).toContain('src="/superset/explore/p/k/?standalone=1&height=200"');
  });
});

describe('shareByEmailHref', () => {
  it('writes a mailto link naming the chart with its permalink in the body', () => {
    const href = shareByEmailHref('Flights by carrier', 'http://h/superset/explore/p/k/');
    expect(href.startsWith('mailto:?Subject=')).toBe(true);
    expect(decodeURIComponent(href.split('Subject=')[1]!.split('&')[0]!)).toBe('Tessera Chart: Flights by carrier');
    expect(decodeURIComponent(href.split('Body=')[1]!)).toBe('Check out this chart: http://h/superset/explore/p/k/');
  });
});
