import { useEffect, useState } from 'react';
import { Alert, Collapse, Spin, Tabs } from 'antd';
import type { ChartDataResult } from '@tessera/core';
import { fetchSamples, type SamplesResult, ChartDataError } from '../../../api/chartDataApi';
import type { ExploreDatasource } from '../../../viz/types';
import type { ChartStatus } from '../../chart';
import { DataTable } from './DataTable';

interface DataPaneProps {
  datasource: ExploreDatasource;
  queriesResponse: ChartDataResult[] | null;
  /** The chart's status: rows are shown only for the answer the chart is drawn from. */
  chartStatus?: ChartStatus | null | undefined;
}

/** What the Results tab says instead of rows: a run in progress, or one that left no rows of these controls. */
function resultsNotice(status: ChartStatus | null | undefined, hasRows: boolean) {
  if (status === 'loading') return <Spin data-test="results-loading" />;
  if (status === 'stopped') return <Alert type="info" title="The query was stopped: run it again to display results" />;
  if (status === 'failed') return <Alert type="info" title="The query failed: no results to display" />;
  return hasRows ? null : <Alert type="info" title="Run a query to display results" />;
}

function SamplesTab({ datasource }: { datasource: ExploreDatasource }) {
  const [samples, setSamples] = useState<{ key: string; result: SamplesResult } | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const key = `${datasource.id}__${datasource.type}`;
  useEffect(() => {
    // Samples depend only on the datasource: keep them while it is unchanged.
    if (samples?.key === key) return undefined;
    const abort = new AbortController();
    fetchSamples({ id: datasource.id, type: datasource.type }, { signal: abort.signal }).then(
      (result) => setSamples({ key, result }),
      (caught: unknown) => {
        if (!(caught instanceof ChartDataError && caught.aborted)) setError({ key, message: caught instanceof Error ? caught.message : String(caught) });
      },
    );
    return () => abort.abort();
  }, [key, datasource.id, datasource.type, samples?.key]);
  if (error?.key === key) return <Alert type="error" title={error.message} />;
  if (!samples || samples.key !== key) return <Spin />;
  return <DataTable colnames={samples.result.colnames} coltypes={samples.result.coltypes} data={samples.result.data} dataTest="samples-table" />;
}

/** The bottom pane: the last run's rows (Results) and the dataset's first rows (Samples). */
export function DataPane({ datasource, queriesResponse, chartStatus }: DataPaneProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('results');
  const results = queriesResponse ?? [];
  // The last run's rows stay in the chart state under a stopped or failed run; they are not these controls' rows.
  const notice = resultsNotice(chartStatus, results.length > 0);
  return (
    <Collapse
      size="small"
      activeKey={open ? ['data'] : []}
      onChange={(keys) => setOpen(keys.length > 0)}
      data-test="data-pane"
      items={[
        {
          key: 'data',
          label: 'Data',
          children: (
            <Tabs
              size="small"
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'results',
                  label: 'Results',
                  children:
                    notice ??
                    results.map((result, index) => <DataTable key={index} colnames={result.colnames} coltypes={result.coltypes} data={result.data} dataTest="results-table" />),
                },
                { key: 'samples', label: 'Samples', children: tab === 'samples' ? <SamplesTab datasource={datasource} /> : null },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
