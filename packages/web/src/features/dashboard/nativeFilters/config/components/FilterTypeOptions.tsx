import { Checkbox, Form, Radio, Select, Space } from 'antd';
import type { ExploreDatasource } from '../../../../../viz/types';
import type { FilterForm } from '../utils/filterForm';

interface FilterTypeOptionsProps {
  form: FilterForm;
  datasource: ExploreDatasource | null;
  onChange: (form: FilterForm) => void;
}

const SELECT_OPTIONS: readonly [key: string, label: string][] = [
  ['multiSelect', 'Can select multiple values'],
  ['enableEmptyFilter', 'Value is required'],
  ['defaultToFirstItem', 'Select first filter value by default'],
  ['inverseSelection', 'Inverse selection'],
  ['searchAllOptions', 'Dynamically search all filter values'],
  ['creatable', 'Allow creation of new values'],
];

const RANGE_MODES = [
  { value: 'slider', label: 'Slider' },
  { value: 'input', label: 'Range inputs' },
  { value: 'slider-and-input', label: 'Slider and range input' },
];

/** Superset's SingleValueType: Minimum 0, Exact 1, Maximum 2. */
const SINGLE_VALUE_TYPES = [
  { value: 0, label: 'Minimum' },
  { value: 1, label: 'Exact' },
  { value: 2, label: 'Maximum' },
];

/** The per-type checkboxes of the Settings tab (facts §4.1 controlValues). */
export function FilterTypeOptions({ form, datasource, onChange }: FilterTypeOptionsProps) {
  const values = form.controlValues;
  const set = (key: string, value: unknown) => {
    const controlValues = { ...values, [key]: value };
    // "Select first filter value by default" picks the value itself: a default value would contradict it.
    const clearsDefault = key === 'defaultToFirstItem' && value === true;
    onChange({ ...form, controlValues, ...(clearsDefault ? { hasDefaultValue: false } : {}) });
  };
  const check = (key: string, label: string) => (
    <Checkbox key={key} checked={Boolean(values[key])} onChange={(e) => set(key, e.target.checked)} data-test={`filter-option-${key}`}>
      {label}
    </Checkbox>
  );

  if (form.filterType === 'filter_select') {
    return (
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {SELECT_OPTIONS.map(([key, label]) => check(key, label))}
        <Checkbox
          checked={form.sorted}
          onChange={(e) => onChange({ ...form, sorted: e.target.checked, controlValues: { ...values, sortAscending: e.target.checked ? (values.sortAscending ?? true) : undefined } })}
          data-test="filter-option-sort"
        >
          Sort filter values
        </Checkbox>
        {form.sorted ? (
          <Space orientation="vertical" style={{ paddingLeft: 24, width: '100%' }}>
            <Radio.Group value={values.sortAscending !== false} onChange={(e) => set('sortAscending', e.target.value as boolean)}>
              <Radio value>Sort ascending</Radio>
              <Radio value={false}>Sort descending</Radio>
            </Radio.Group>
            <Form.Item label="Sort Metric" style={{ marginBottom: 0 }} extra="If a metric is specified, sorting will be done based on the metric value">
              <Select
                aria-label="Sort Metric"
                allowClear
                value={form.sortMetric ?? undefined}
                onChange={(metric) => onChange({ ...form, sortMetric: metric ?? null })}
                options={(datasource?.metrics ?? []).map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))}
                placeholder="Select a metric"
              />
            </Form.Item>
          </Space>
        ) : null}
      </Space>
    );
  }
  if (form.filterType === 'filter_range') {
    const single = values.enableSingleValue;
    return (
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {check('enableEmptyFilter', 'Filter value is required')}
        <Form.Item label="Range type" style={{ marginBottom: 4 }}>
          <Select aria-label="Range type" value={(values.rangeDisplayMode as string) ?? 'slider-and-input'} onChange={(mode) => set('rangeDisplayMode', mode)} options={RANGE_MODES} />
        </Form.Item>
        <Checkbox checked={typeof single === 'number'} onChange={(e) => set('enableSingleValue', e.target.checked ? 1 : undefined)} data-test="filter-option-enableSingleValue">
          Single value
        </Checkbox>
        {typeof single === 'number' ? (
          <Radio.Group style={{ paddingLeft: 24 }} value={single} onChange={(e) => set('enableSingleValue', e.target.value as number)} options={SINGLE_VALUE_TYPES} />
        ) : null}
      </Space>
    );
  }
  return check('enableEmptyFilter', 'Filter value is required');
}
