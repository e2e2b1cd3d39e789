import { useMemo, type Ref } from 'react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** The chart's description (markdown, as Superset's description_markeddown), sanitised, under the title. */
export function SliceDescription({ markdown, ref }: { markdown: string; ref?: Ref<HTMLDivElement> }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(markdown, { async: false })), [markdown]);
  return (
    <div
      ref={ref}
      data-test="slice-description"
      style={{ padding: '0 4px 4px', fontSize: 12, opacity: 0.75, maxHeight: 120, overflow: 'auto' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
