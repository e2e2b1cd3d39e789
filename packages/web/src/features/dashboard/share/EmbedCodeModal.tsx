import { useState } from 'react';
import { Input } from 'antd';
import { PermalinkEmbedModal } from '../../../ui/PermalinkEmbedModal';
import { useCopyToClipboard } from '../../errors';
import { dashboardEmbedCode } from './shareLinks';

/** "Embed dashboard": an iframe of a fresh permalink in standalone mode, sized as any CSS size ('100%' by default). */
export function EmbedCodeModal({ makePermalink, onClose }: { makePermalink: () => Promise<string>; onClose: () => void }) {
  const [width, setWidth] = useState('100%');
  const [height, setHeight] = useState('800');
  const copy = useCopyToClipboard();
  return (
    <PermalinkEmbedModal
      title="Embed dashboard"
      makePermalink={makePermalink}
      codeFor={(url) => dashboardEmbedCode(url, width, height)}
      fallbackError="Could not make a permalink"
      onCopy={(code) => void copy(code)}
      onClose={onClose}
      sizeFields={
        <>
          <label>
            Width <Input aria-label="Width" value={width} onChange={(event) => setWidth(event.target.value)} style={{ width: 100 }} />
          </label>
          <label>
            Height <Input aria-label="Height" value={height} onChange={(event) => setHeight(event.target.value)} style={{ width: 100 }} />
          </label>
        </>
      }
    />
  );
}
