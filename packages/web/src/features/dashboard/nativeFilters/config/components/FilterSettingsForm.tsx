import { useMemo } from 'react';
import { Divider, Form, Input, Select } from 'antd';
import { mergeExtraFormData, type DashboardLayout, type NativeFilterConfig } from '@tessera/core';
import { useFilterDataset } from '../hooks/useFilterDataset';
import { formToConfig, withFilterType, type ConfigItemForm, type FilterForm } from '../utils/filterForm';
import { FILTER_TYPES, columnsForType, filterTypeInfo, type FilterTypeName } from '../utils/filterTypes';
import { fieldId, type FieldErrors } from '../utils/validateForms';
import { DatasetSelect } from './DatasetSelect';
import { DefaultValueField } from './DefaultValueField';
import { FilterTypeOptions } from './FilterTypeOptions';
import { ParentFiltersField } from './ParentFiltersField';
import { PreFilterFields } from './PreFilterFields';

interface FilterSettingsFormProps {
  form: FilterForm;
  /** Every item of the modal (parent filter choices, their default values). */
  items: Record<string, ConfigItemForm>;
  order: string[];
  layout: DashboardLayout;
  errors: FieldErrors;
  onChange: (form: FilterForm) => void;
}

/**
 * The filter as the Default value control sees it, kept as the same object while only its name, description,
 * scope or default change: the control's options query follows the object, and must not run again per keystroke.
 */
function useControlConfig(config: NativeFilterConfig): NativeFilterConfig {
  const { name: _name, description: _description, scope: _scope, chartsInScope: _charts, tabsInScope: _tabs, defaultDataMask: _default, ...essential } = config;
  const key = JSON.stringify(essential);
  // The key says when the config changed in what the control reads.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => config, [key]);
}

const status = (error: string | undefined) => (error ? ('error' as const) : undefined);

/** The Settings tab of one filter: name, type, dataset, column, the type's options, pre-filter, parents, default. */
export function FilterSettingsForm({ form, items, order, layout, errors, onChange }: FilterSettingsFormProps) {
  const info = filterTypeInfo(form.filterType);
  const { datasource, label } = useFilterDataset(info.hasDataset ? form.datasetId : null);
  const columns = columnsForType(form.filterType, datasource?.columns ?? []);
  const config = useControlConfig(formToConfig(form, layout));
  const candidates = order
    .map((id) => items[id])
    .filter((item): item is FilterForm => item?.kind === 'filter' && item.id !== form.id && item.filterType === 'filter_select')
    .map((item) => ({ id: item.id, name: item.name }));
  const parentExtraFormData = useMemo(
    () => mergeExtraFormData(...form.cascadeParentIds.map((id) => (items[id]?.kind === 'filter' ? (items[id] as FilterForm).defaultDataMask.extraFormData : undefined))),
    [form.cascadeParentIds, items],
  );

  return (
    <Form layout="vertical" component="div" data-test="filters-config-modal-settings">
      <div style={{ display: 'flex', gap: 16 }}>
        <Form.Item label="Filter name" required validateStatus={status(errors.name)} help={errors.name} style={{ flex: 1 }}>
          <Input id={fieldId(form.id, 'name')} aria-label="Filter name" value={form.name} onChange={(e) => onChange({ ...form, name: e.target.value })} data-test="filters-config-modal-name-input" />
        </Form.Item>
        <Form.Item label="Filter Type" style={{ flex: 1 }}>
          <Select<FilterTypeName>
            aria-label="Filter Type"
            value={form.filterType}
            onChange={(type) => onChange(withFilterType(form, type))}
            options={FILTER_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            data-test="filters-config-modal-filter-type"
          />
        </Form.Item>
      </div>
      {info.hasDataset ? (
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item label="Dataset" required={info.datasetRequired} validateStatus={status(errors.dataset)} help={errors.dataset} style={{ flex: 1 }}>
            <DatasetSelect
              id={fieldId(form.id, 'dataset')}
              value={form.datasetId}
              valueLabel={label}
              status={status(errors.dataset)}
              onChange={(datasetId) => onChange({ ...form, datasetId, column: null, sortMetric: null, adhocFilters: [], granularitySqla: null, hasDefaultValue: false })}
            />
          </Form.Item>
          {info.hasColumn ? (
            <Form.Item label="Column" required validateStatus={status(errors.column)} help={errors.column} style={{ flex: 1 }}>
              <Select<string>
                id={fieldId(form.id, 'column')}
                aria-label="Column"
                showSearch
                status={status(errors.column)}
                disabled={form.datasetId === null}
                value={form.column ?? undefined}
                onChange={(column) => onChange({ ...form, column, hasDefaultValue: false })}
                options={columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
                data-test="filters-config-modal-column"
              />
            </Form.Item>
          ) : null}
        </div>
      ) : null}
      <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
        Filter Configuration
      </Divider>
      {info.canBeChild ? <ParentFiltersField form={form} candidates={candidates} fieldId={fieldId(form.id, 'parents')} error={errors.parents} onChange={onChange} /> : null}
      <div style={{ marginTop: 8 }}>
        <DefaultValueField form={form} config={config} parentExtraFormData={parentExtraFormData} fieldId={fieldId(form.id, 'defaultValue')} error={errors.defaultValue} onChange={onChange} />
      </div>
      {info.hasDataset && form.filterType !== 'filter_timecolumn' && form.filterType !== 'filter_timegrain' ? (
        <div style={{ marginTop: 8 }}>
          <PreFilterFields form={form} datasource={datasource} onChange={onChange} />
        </div>
      ) : null}
      <div style={{ marginTop: 8 }}>
        <FilterTypeOptions form={form} datasource={datasource} onChange={onChange} />
      </div>
      <Form.Item label="Description" style={{ marginTop: 16 }}>
        <Input.TextArea aria-label="Description" rows={3} value={form.description} onChange={(e) => onChange({ ...form, description: e.target.value })} />
      </Form.Item>
    </Form>
  );
}
