import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Spin } from 'antd';
import { Modal } from './Modal';

export interface PermalinkEmbedModalProps {
  title: string;
  /** Made once when the modal opens: the iframe points at a permalink of what is shown now. */
  makePermalink: () => Promise<string>;
  /** The iframe snippet for the permalink, at the size the fields below hold. */
  codeFor: (permalink: string) => string;
  /** The size fields under the code; their values belong to the caller (a chart's are pixels, a dashboard's any CSS size). */
  sizeFields: ReactNode;
  /** What to say when the permalink fails without a message of its own; the failure's text when absent. */
  fallbackError?: string;
  onCopy: (code: string) => void;
  onClose: () => void;
}

/** The "Embed code" modal of charts and dashboards: the iframe code of a fresh permalink, its size, and a copy button. */
export function PermalinkEmbedModal({ title, makePermalink, codeFor, sizeFields, fallbackError, onCopy, onClose }: PermalinkEmbedModalProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    makePermalink().then(
      (made) => live && setUrl(made),
      (caught: unknown) => live && setError(caught instanceof Error ? caught.message : (fallbackError ?? String(caught))),
    );
    return () => {
      live = false;
    };
  }, [makePermalink, fallbackError]);
  const code = url ? codeFor(url) : '';
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      dataTest="embed-code-modal"
      extraFooter={
        <Button onClick={() => onCopy(code)} disabled={!url} data-test="copy-embed-code">
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
            {sizeFields}
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
