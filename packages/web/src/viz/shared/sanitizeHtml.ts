const ALLOWED_TAGS = new Set(['A', 'B', 'I', 'EM', 'STRONG', 'SPAN', 'BR', 'P', 'DIV', 'U', 'SMALL', 'CODE', 'UL', 'OL', 'LI']);
const ALLOWED_ATTRS = new Set(['href', 'title', 'target']);

/**
 * Cell text that looks like HTML keeps a small set of formatting tags and safe links; scripts, handlers and
 * styles are dropped. Used when a table allows HTML rendering.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        child.replaceWith(doc.createTextNode(child.tagName === 'SCRIPT' || child.tagName === 'STYLE' ? '' : (child.textContent ?? '')));
        continue;
      }
      for (const attr of [...child.attributes]) {
        const safeHref = attr.name === 'href' && /^(https?:|mailto:|\/)/i.test(attr.value.trim());
        if (!ALLOWED_ATTRS.has(attr.name) || (attr.name === 'href' && !safeHref)) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') child.setAttribute('rel', 'noopener noreferrer');
      clean(child);
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}

export const looksLikeHtml = (text: string): boolean => /^\s*<[a-z][\s\S]*>\s*$/i.test(text);
