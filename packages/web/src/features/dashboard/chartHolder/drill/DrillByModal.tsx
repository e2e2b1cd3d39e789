import { useCallback, useMemo, useState } from 'react';
import { Segmented, Space, Tag } from 'antd';
import type { FormData } from '@tessera/core';
import { Modal } from '../../../../ui/Modal';
import type { ExploreDatasource } from '../../../../viz/types';
import { ChartContainer, type ChartRuntimeState } from '../../../chart';
import { DataTable } from '../../../explore/components/DataTable';
import { useElementSize } from '../hooks/useElementSize';
import { drillByFormData, filterText, type DrillFilter } from './drillQueries';

const DRILL_BY_CHART_HEIGHT = 400;

interface DrillByModalProps {
  title: string;
  column: string;
  /** The chart's query form data (dashboard filters included). */
  formData: FormData;
  /** Its render form data (dashboard colours), applied over the drilled query. */
  renderFormData: FormData;
  datasource: ExploreDatasource | undefined;
  filters: DrillFilter[];
  dashboardId: number | null;
  onClose: () => void;
}

/** Drill by: the same chart queried again by another column, drawn as the chart or as a table of its rows. */
export function DrillByModal({ title, column, formData, renderFormData, datasource, filters, dashboardId, onClose }: DrillByModalProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [answer, setAnswer] = useState<ChartRuntimeState['queriesResponse']>(null);
  const [ref, { width }] = useElementSize<HTMLDivElement>({ width: 800, height: DRILL_BY_CHART_HEIGHT });
  const drilled = useMemo(() => drillByFormData(formData, column, filters, datasource), [formData, column, filters, datasource]);
  const drilledRender = useMemo(() => drillByFormData(renderFormData, column, filters, datasource), [renderFormData, column, filters, datasource]);
  const onStatus = useCallback((state: ChartRuntimeState) => setAnswer(state.queriesResponse), []);
  const label = datasource?.columns.find((c) => c.column_name === column)?.verbose_name || column;
  const first = answer?.[0];

  return (
    <Modal open title={`Drill by: ${title}`} onCancel={onClose} width="80%" dataTest="drill-by-modal" footer={null}>
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={4}>
          <Tag color="blue" data-test="drill-by-column">{`by ${label}`}</Tag>
          {filters.map((filter, index) => (
            <Tag key={index}>{filterText(filter)}</Tag>
          ))}
        </Space>
        <Segmented
          size="small"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          options={[
            { label: 'Chart', value: 'chart' },
            { label: 'Table', value: 'table' },
          ]}
          data-test="drill-by-display-toggle"
        />
      </Space>
      <div ref={ref} data-test="drill-by-chart" style={{ display: view === 'chart' ? 'block' : 'none' }}>
        <ChartContainer
          formData={drilled}
          renderFormData={drilledRender}
          datasource={datasource}
          width={width}
          height={DRILL_BY_CHART_HEIGHT}
          dashboardId={dashboardId}
          onStatus={onStatus}
        />
      </div>
      {view === 'table' && first ? <DataTable colnames={first.colnames} coltypes={first.coltypes} data={first.data} dataTest="drill-by-results-table" /> : null}
    </Modal>
  );
}
