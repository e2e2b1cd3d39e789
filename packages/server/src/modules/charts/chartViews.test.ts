import { describe, expect, it } from 'vitest';
import { paragraphsHtml } from './chartViews.js';

describe('paragraphsHtml', () => {
  it('turns a description into escaped paragraphs, never raw markup', () => {
    expect(paragraphsHtml(null)).toBe('');
    expect(paragraphsHtml('  ')).toBe('');
    expect(paragraphsHtml('Births by state\nsince 1990\n\n<script>alert("x")</script> & more')).toBe(
      '<p>Births by state<br>since 1990</p>\n<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</p>',
    );
  });
});
