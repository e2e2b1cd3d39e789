import { Checkbox, Form, Select, Space } from 'antd';
import type { AdhocFilter, FormData } from '@tessera/core';
// The explorer's own controls: the pre-filter takes the same adhoc filters and time range grammar as a chart.
import { AdhocFilterControl } from '../../../../explore/controls/AdhocFilterControl';
import { TimeRangePicker } from '../../../../explore/controls/TimeRangeControl';
import type { ExploreDatasource } from '../../../../../viz/types';
import type { FilterForm } from '../utils/filterForm';
import { temporalColumns } from '../utils/filterTypes';

const ADHOC_CONTROL = { name: 'adhoc_filters', type: 'AdhocFilterControl', label: 'Pre-filter' } as const;
const EMPTY_FORM_DATA = {} as FormData;

interface PreFilterFieldsProps {
  form: FilterForm;
  datasource: ExploreDatasource | null;
  onChange: (form: FilterForm) => void;
}

/** "Pre-filter available values": adhoc filters and a time range narrowing the options the filter offers. */
export function PreFilterFields({ form, datasource, onChange }: PreFilterFieldsProps) {
  const timeColumns = temporalColumns(datasource?.columns ?? []);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Checkbox checked={form.preFilter} disabled={!datasource} onChange={(e) => onChange({ ...form, preFilter: e.target.checked })} data-test="filter-option-prefilter">
        Pre-filter available values
      </Checkbox>
      {form.preFilter && datasource ? (
        <div style={{ paddingLeft: 24 }}>
          <Form.Item label="Pre-filter" style={{ marginBottom: 8 }}>
            <AdhocFilterControl
              control={ADHOC_CONTROL}
              value={form.adhocFilters}
              onChange={(value) => onChange({ ...form, adhocFilters: (value as AdhocFilter[]) ?? [] })}
              datasource={datasource}
              formData={EMPTY_FORM_DATA}
            />
          </Form.Item>
          <Form.Item label="Time range" style={{ marginBottom: 8 }}>
            <TimeRangePicker value={form.timeRange ?? 'No filter'} label="Time range" column={form.granularitySqla ?? undefined} onChange={(timeRange) => onChange({ ...form, timeRange })} />
          </Form.Item>
          {timeColumns.length > 0 ? (
            <Form.Item label="Time column" style={{ marginBottom: 8 }} extra="Optional time column if time range should apply to another column than the default">
              <Select
                aria-label="Time column"
                allowClear
                value={form.granularitySqla ?? undefined}
                onChange={(column) => onChange({ ...form, granularitySqla: column ?? null })}
                options={timeColumns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
              />
            </Form.Item>
          ) : null}
        </div>
      ) : null}
    </Space>
  );
}
