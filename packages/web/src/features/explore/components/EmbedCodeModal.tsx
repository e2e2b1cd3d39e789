import { useState } from 'react';
import { InputNumber } from 'antd';
import { PermalinkEmbedModal } from '../../../ui/PermalinkEmbedModal';
import { useCopyToClipboard } from '../../errors';
import { embedCode } from '../utils/embedCode';

/** "Embed code": an iframe of the chart (its permalink, standalone) with the size to give it, in pixels. */
export function EmbedCodeModal({ makePermalink, onClose }: { makePermalink: () => Promise<string>; onClose: () => void }) {
  const [width, setWidth] = useState(600);
  const [height, setHeight] = useState(400);
  const copy = useCopyToClipboard();
  return (
    <PermalinkEmbedModal
      title="Embed code"
      makePermalink={makePermalink}
      codeFor={(url) => embedCode(url, width, height)}
      onCopy={(code) => void copy(code)}
      onClose={onClose}
      sizeFields={
        <>
          <label>
            Chart width <InputNumber aria-label="Chart width" min={1} precision={0} value={width} onChange={(v) => setWidth(v ?? 600)} />
          </label>
          <label>
            Chart height <InputNumber aria-label="Chart height" min={1} precision={0} value={height} onChange={(v) => setHeight(v ?? 400)} />
          </label>
        </>
      }
    />
  );
}
