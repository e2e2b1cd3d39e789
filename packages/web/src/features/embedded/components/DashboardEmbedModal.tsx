import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { parseAllowedDomains } from '@tessera/core';
import { useDeleteEmbeddedDashboardMutation, useGetEmbeddedDashboardQuery, useSetEmbeddedDashboardMutation } from '../../../api/embeddedApi';
import { Modal } from '../../../ui/Modal';
import { useCopyToClipboard } from '../../errors';
import { useToasts } from '../../toasts';

export interface DashboardEmbedModalProps {
  dashboardId: number;
  onClose: () => void;
}

const SDK_DOCS = 'https://www.npmjs.com/package/@superset-ui/embedded-sdk';

/** Superset's DashboardEmbedModal: turn embedding on or off, set the allowed domains, and show the id the SDK needs. */
export function DashboardEmbedModal({ dashboardId, onClose }: DashboardEmbedModalProps) {
  const current = useGetEmbeddedDashboardQuery(dashboardId, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSetEmbeddedDashboardMutation();
  const [remove, removing] = useDeleteEmbeddedDashboardMutation();
  // undefined: what the server answered; after a save or a deactivation, what that left.
  const [changed, setChanged] = useState<{ uuid: string; allowed_domains: string[] } | null | undefined>(undefined);
  // The text typed since; null shows the configuration's domains.
  const [draft, setDraft] = useState<string | null>(null);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const { addSuccessToast, addDangerToast } = useToasts();
  const copy = useCopyToClipboard();

  // The GET answers 404 until the dashboard is embedded: that is "not embedded yet", not an error.
  const loaded = current.data?.result ?? null;
  const embedded = changed === undefined ? (loaded ? { uuid: loaded.uuid, allowed_domains: loaded.allowed_domains } : null) : changed;
  const domains = draft ?? embedded?.allowed_domains.join(', ') ?? '';
  const failed = current.isError && (current.error as { status?: unknown }).status !== 404;

  const onSave = async () => {
    try {
      const { result } = await save({ dashboardId, allowed_domains: parseAllowedDomains(domains) }).unwrap();
      setChanged({ uuid: result.uuid, allowed_domains: result.allowed_domains });
      setDraft(null);
      addSuccessToast('Changes saved.');
    } catch {
      addDangerToast('Sorry, something went wrong. The changes could not be saved.');
    }
  };

  const onDeactivate = async () => {
    try {
      await remove(dashboardId).unwrap();
      setChanged(null);
      setDraft(null);
      setConfirmDeactivate(false);
      addSuccessToast('Embedding deactivated.');
    } catch {
      addDangerToast('Sorry, something went wrong. Embedding could not be deactivated.');
    }
  };

  const footer = (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      {embedded ? (
        <>
          <Button danger onClick={() => setConfirmDeactivate(true)} loading={removing.isLoading} data-test="embed-deactivate">
            Deactivate
          </Button>
          <Button type="primary" onClick={() => void onSave()} loading={saving.isLoading} data-test="embed-save">
            Save changes
          </Button>
        </>
      ) : (
        <Button type="primary" onClick={() => void onSave()} loading={saving.isLoading} disabled={current.isFetching} data-test="embed-enable">
          Enable embedding
        </Button>
      )}
    </Space>
  );

  return (
    <Modal open title="Embed" onCancel={onClose} footer={footer} dataTest="dashboard-embed-modal">
      {current.isFetching && !embedded ? <Spin /> : null}
      {failed ? <Alert type="error" title="Sorry, something went wrong. Embedding could not be loaded." /> : null}
      <Typography.Paragraph>
        {embedded ? 'This dashboard is ready to embed. In your application, pass the following id to the SDK:' : 'Configure this dashboard to embed it into an external web application.'}
      </Typography.Paragraph>
      {embedded ? (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input readOnly value={embedded.uuid} aria-label="Embedded dashboard id" data-test="embedded-uuid" style={{ fontFamily: 'monospace' }} />
          <Button onClick={() => void copy(embedded.uuid)} data-test="copy-embedded-uuid">
            Copy
          </Button>
        </Space.Compact>
      ) : null}
      <Typography.Paragraph>
        For further instructions, consult the{' '}
        <a href={SDK_DOCS} target="_blank" rel="noreferrer">
          Superset Embedded SDK documentation.
        </a>
      </Typography.Paragraph>
      <Typography.Title level={5}>Settings</Typography.Title>
      <Form layout="vertical" onFinish={() => void onSave()}>
        <Form.Item
          label="Allowed Domains (comma separated)"
          htmlFor="embed-allowed-domains"
          extra="A list of domain names that can embed this dashboard. Leaving this field empty will allow embedding from any domain."
        >
          <Input id="embed-allowed-domains" value={domains} placeholder="superset.example.com" onChange={(e) => setDraft(e.target.value)} data-test="allowed-domains" />
        </Form.Item>
      </Form>
      <Modal
        open={confirmDeactivate}
        title="Disable embedding?"
        onCancel={() => setConfirmDeactivate(false)}
        onConfirm={() => void onDeactivate()}
        confirmText="Deactivate"
        confirmDanger
        confirmLoading={removing.isLoading}
        dataTest="embed-deactivate-confirm"
      >
        This will remove your current embed configuration.
      </Modal>
    </Modal>
  );
}
