import { describe, expect, it, vi } from 'vitest';
import { formDataOf, paragraphsHtml } from './chartViews.js';

describe('paragraphsHtml', () => {
  it('turns a description into escaped paragraphs, never raw markup', () => {
    expect(paragraphsHtml(null)).toBe('');
    expect(paragraphsHtml('  ')).toBe('');
    expect(paragraphsHtml('Births by state\nsince 1990\n\n<script>alert("x")</script> & more')).toBe(
      '<p>Births by state<br>since 1990</p>\n<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</p>',
    );
  });
});

describe('formDataOf', () => {
  const row = { id: 7, datasource_id: 3, datasource_type: 'table', viz_type: 'table' };
  const identity = { slice_id: 7, viz_type: 'table', datasource: '3__table' };

  it('reads params stored nesting past the cap as empty and says why, instead of handing them on', () => {
    const onUnreadable = vi.fn();
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const formData = formDataOf({ ...row, params: deep }, onUnreadable);
    expect(formData).toEqual(identity);
    expect(() => JSON.stringify(formData)).not.toThrow();
    expect(onUnreadable).toHaveBeenCalledWith(7, 'params nest deeper than 64 levels');
  });

  it('reads ordinary params as they are, and broken ones as empty', () => {
    const onUnreadable = vi.fn();
    expect(formDataOf({ ...row, params: '{"metrics": ["count"], "viz_type": "pie"}' }, onUnreadable)).toEqual({ ...identity, metrics: ['count'], viz_type: 'pie' });
    expect(formDataOf({ ...row, params: '{broken' }, onUnreadable)).toEqual(identity);
    expect(onUnreadable).not.toHaveBeenCalled();
  });
});
