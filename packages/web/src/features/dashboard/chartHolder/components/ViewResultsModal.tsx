import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { ChartDataResult, FormData } from '@tessera/core';
import { ChartDataError, fetchChartData } from '../../../../api/chartDataApi';
import { Modal } from '../../../../ui/Modal';
import { getChartPlugin } from '../../../chart';
import { getClientErrorObject } from '../../../errors';
import { DataTable } from '../../../explore/components/DataTable';

/** "View as table": the rows behind the chart (`result_type: 'results'`), one table per query. */
export function ViewResultsModal({ title, formData, onClose }: { title: string; formData: FormData; onClose: () => void }) {
  const [results, setResults] = useState<ChartDataResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const plugin = getChartPlugin(formData.viz_type);
    if (!plugin) return undefined;
    const abort = new AbortController();
    fetchChartData({ ...plugin.buildQuery(formData), result_type: 'results', result_format: 'json' }, { signal: abort.signal }).then(setResults, (caught: unknown) => {
      if (caught instanceof ChartDataError && caught.aborted) return;
      setError(caught instanceof ChartDataError ? caught.clientError.error : getClientErrorObject(caught).error);
    });
    return () => abort.abort();
  }, [formData]);
  return (
    <Modal open title={`Data for ${title}`} onCancel={onClose} width="80%" dataTest="view-results-modal" footer={null}>
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : results ? (
        results.map((result, index) => <DataTable key={index} colnames={result.colnames} coltypes={result.coltypes} data={result.data} dataTest="view-results-table" />)
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
