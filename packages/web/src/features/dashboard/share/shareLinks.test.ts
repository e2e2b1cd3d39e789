import { describe, expect, it } from 'vitest';
import { dashboardEmailHref, dashboardEmbedCode } from './shareLinks';

describe('share links', () => {
  it('writes a mailto link with the title and the permalink', () => {
    const href = dashboardEmailHref('Sales & more', 'http://h/superset/dashboard/p/abc/');
    expect(href.startsWith('mailto:?Subject=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Tessera Dashboard: Sales & more');
    expect(decodeURIComponent(href)).toContain('Check out this dashboard: http://h/superset/dashboard/p/abc/');
  });

  it('embeds the permalink in standalone mode, escaped for the attribute', () => {
    const code = dashboardEmbedCode('http://h/superset/dashboard/p/abc/?x="y"');
    expect(code).toContain('src="http://h/superset/dashboard/p/abc/?x=%22y%22&amp;standalone=1"');
    expect(code.startsWith('<iframe')).toBe(true);
  });
});
