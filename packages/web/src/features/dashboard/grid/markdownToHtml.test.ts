import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdownToHtml';

describe('markdownToHtml', () => {
  it('renders markdown', () => {
    expect(markdownToHtml('# Title\n\n**bold** [link](https://example.org)')).toContain('<strong>bold</strong>');
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[x](javascript:alert(3))');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('<img src="x">');
  });

  it('shows raw HTML as text when escaping is on', () => {
    const html = markdownToHtml('<b>raw</b> and **md**', true);
    expect(html).toContain('&lt;b&gt;raw&lt;/b&gt;');
    expect(html).toContain('<strong>md</strong>');
  });
});
