import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Input, InputNumber, Spin } from 'antd';
import { Modal } from '../../../ui/Modal';
import { useCopyToClipboard } from '../../errors';
import { embedCode } from '../utils/embedCode';

/** "Embed code": an iframe of the chart (its permalink, standalone) with the size to give it and a copy button. */
export function EmbedCodeModal({ makePermalink, onClose }: { makePermalink: () => Promise<string>; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState(600);
  const [height, setHeight] = useState(400);
  const copy = useCopyToClipboard();
  useEffect(() => {
    let live = true;
    makePermalink().then(
      (made) => live && setUrl(made),
      (caught: unknown) => live && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      live = false;
    };
  }, [makePermalink]);
  const code = url ? embedCode(url, width, height) : '';
  return (
    <Modal
      open
      title="Embed code"
      onCancel={onClose}
      dataTest="embed-code-modal"
      extraFooter={
        <Button onClick={() => void copy(code)} disabled={!url} data-test="copy-embed-code">
          Copy code
        </Button>
      }
    >
      {error ? <Alert type="error" title={error} /> : null}
      {!url && !error ? <Spin /> : null}
      {url ? (
        <>
          <Input.TextArea aria-label="Embed code" readOnly rows={9} value={code} style={{ fontFamily: 'monospace' }} data-test="embed-code" />
          <Flex gap={16} style={{ marginTop: 12 }}>
            <label>
              Chart width <InputNumber aria-label="Chart width" min={1} precision={0} value={width} onChange={(v) => setWidth(v ?? 600)} />
            </label>
            <label>
              Chart height <InputNumber aria-label="Chart height" min={1} precision={0} value={height} onChange={(v) => setHeight(v ?? 400)} />
            </label>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
