import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { GENERIC_DATA_TYPE, parseDatasourceKey, type FormData } from '@tessera/core';
import { ChartDataError, fetchSamples, type SamplesResult } from '../../../../api/chartDataApi';
import { Modal } from '../../../../ui/Modal';
import { getTimeFormatter, TimeFormats } from '../../../../viz/formatters';
import { getClientErrorObject } from '../../../errors';
import { chartFilters, drillDetailPayload, filterText, type DrillFilter } from './drillQueries';

/** Rows per page of drill to detail (Superset's PAGE_SIZE). */
export const DRILL_DETAIL_PAGE_SIZE = 50;

const formatDttm = getTimeFormatter(TimeFormats.DATABASE_DATETIME);

const cell = (temporal: boolean) => (value: unknown) => {
  if (value === null || value === undefined) return <Typography.Text type="secondary">N/A</Typography.Text>;
  if (temporal && typeof value === 'number') return formatDttm(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

interface DrillDetailModalProps {
  title: string;
  formData: FormData;
  /** Filters of the clicked point (right-click), removable here. */
  initialFilters: DrillFilter[];
  onClose: () => void;
}

interface PageState {
  /** The request this answer is for: the table shows a spinner while a newer one runs. */
  request: string;
  result: SamplesResult | null;
  error: string | null;
}

/**
 * Drill to detail: the rows of the chart's dataset under the chart's filters (dashboard filters included) and the
 * clicked ones, a page at a time from `POST /datasource/samples`; the refresh button reads past the cache.
 */
export function DrillDetailModal({ title, formData, initialFilters, onClose }: DrillDetailModalProps) {
  const datasource = useMemo(() => parseDatasourceKey(String(formData.datasource ?? '')), [formData.datasource]);
  const [drillFilters, setDrillFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<PageState>({ request: '', result: null, error: null });
  const payload = useMemo(() => drillDetailPayload(formData, drillFilters), [formData, drillFilters]);
  const ownFilters = useMemo(() => chartFilters(formData), [formData]);
  const request = JSON.stringify({ page, payload, reload });

  useEffect(() => {
    if (!datasource) return undefined;
    const abort = new AbortController();
    fetchSamples(datasource, { page, perPage: DRILL_DETAIL_PAGE_SIZE, payload, force: reload > 0, signal: abort.signal }).then(
      (result) => setState({ request, result, error: null }),
      (error: unknown) => {
        if (error instanceof ChartDataError && error.aborted) return;
        setState({ request, result: null, error: error instanceof ChartDataError ? error.clientError.error : getClientErrorObject(error).error });
      },
    );
    return () => abort.abort();
  }, [datasource, page, payload, reload, request]);

  const loading = state.request !== request;
  const { result } = state;
  const columns = (result?.colnames ?? []).map((name, index) => ({
    key: name,
    title: name,
    dataIndex: name,
    ellipsis: true,
    render: cell(result?.coltypes[index] === GENERIC_DATA_TYPE.TEMPORAL),
  }));
  const rows = result?.data ?? [];
  const rowKeys = new Map(rows.map((row, i) => [row, `${page}:${i}`]));

  return (
    <Modal open title={`Drill to detail: ${title}`} onCancel={onClose} width="80%" dataTest="drill-detail-modal" footer={null}>
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={4} data-test="drill-detail-filters">
          {drillFilters.map((filter, index) => (
            <Tag
              key={`${filter.col}:${index}`}
              color="blue"
              closable
              data-test="drill-detail-filter-tag"
              onClose={() => {
                setDrillFilters((prior) => prior.filter((_, i) => i !== index));
                setPage(1);
              }}
            >
              {filterText(filter)}
            </Tag>
          ))}
          {ownFilters.map((filter, index) => (
            <Tag key={`own:${index}`} data-test="drill-detail-chart-filter-tag">
              {filterText(filter)}
            </Tag>
          ))}
        </Space>
        <Space size={8}>
          {result?.total_count !== undefined ? (
            <Typography.Text type="secondary" data-test="drill-detail-row-count">
              {`${result.total_count} rows`}
            </Typography.Text>
          ) : null}
          <Button size="small" icon={<ReloadOutlined />} aria-label="Reload" data-test="drill-detail-refresh" onClick={() => setReload((n) => n + 1)} />
        </Space>
      </Space>
      {!datasource ? (
        <Alert type="error" showIcon title="This chart has no dataset to read rows from." />
      ) : state.error && !loading ? (
        <Alert type="error" showIcon title={state.error} data-test="drill-detail-error" />
      ) : (
        <Table
          size="small"
          data-test="drill-detail-table"
          loading={loading}
          rowKey={(row) => rowKeys.get(row) ?? ''}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content', y: 400 }}
          pagination={{
            current: page,
            pageSize: DRILL_DETAIL_PAGE_SIZE,
            total: result?.total_count ?? rows.length,
            showSizeChanger: false,
            size: 'small',
            onChange: setPage,
          }}
        />
      )}
    </Modal>
  );
}
