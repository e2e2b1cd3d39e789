import { useEffect, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import type { FormData } from '@tessera/core';
import { fetchChartQuery } from '../../../api/chartDataApi';
import { Modal } from '../../../ui/Modal';
import { SqlBlock } from '../../../ui/SqlBlock';
import { getChartPlugin } from '../../chart';
import { useCopyToClipboard } from '../../errors';

/** 'View query': the SQL the chart runs (`result_type: 'query'`), with a copy button. */
export function ViewQueryModal({ formData, onClose }: { formData: FormData; onClose: () => void }) {
  const [queries, setQueries] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = useCopyToClipboard();
  useEffect(() => {
    const abort = new AbortController();
    const plugin = getChartPlugin(formData.viz_type);
    if (!plugin) return undefined;
    fetchChartQuery(plugin.buildQuery(formData), abort.signal).then(
      (result) => setQueries(result.map((q) => q.query)),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => abort.abort();
  }, [formData]);
  const sql = (queries ?? []).join(';\n\n');
  return (
    <Modal open title="View query" onCancel={onClose} width={800} dataTest="view-query-modal" extraFooter={<Button onClick={() => void copy(sql)} disabled={!queries} data-test="copy-query-button">Copy</Button>}>
      {error ? <Alert type="error" title={error} /> : queries ? <SqlBlock sql={sql} dataTest="view-query-sql" /> : <Spin />}
    </Modal>
  );
}
