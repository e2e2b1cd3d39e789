import DOMPurify from 'dompurify';
import { Marked } from 'marked';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const markdown = new Marked({ gfm: true, async: false });
// Raw HTML blocks and inline tags come out as text.
const escapingMarkdown = new Marked({ gfm: true, async: false }).use({ renderer: { html: ({ text }) => escapeHtml(text) } });

/**
 * Markdown of a MARKDOWN component as safe HTML: what marked makes is sanitised (no script, no event handler
 * attributes, no javascript: links). With `escapeRawHtml` raw HTML in the source is shown as text instead of used.
 */
export function markdownToHtml(code: string, escapeRawHtml = false): string {
  const html = (escapeRawHtml ? escapingMarkdown : markdown).parse(code, { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
