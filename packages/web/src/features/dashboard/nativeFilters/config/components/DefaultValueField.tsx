import { Checkbox, Form } from 'antd';
import type { DataMask, ExtraFormData, NativeFilterConfig } from '@tessera/core';
import { FilterControl } from '../../controls';
import type { FilterForm } from '../utils/filterForm';
import { filterTypeInfo } from '../utils/filterTypes';

interface DefaultValueFieldProps {
  form: FilterForm;
  /** The filter as it would be saved (FilterControl draws from the stored shape). */
  config: NativeFilterConfig;
  parentExtraFormData: ExtraFormData;
  fieldId: string;
  error?: string;
  onChange: (form: FilterForm) => void;
}

/** "Filter has default value", drawn by the filter's own control (the one the bar shows). */
export function DefaultValueField({ form, config, parentExtraFormData, fieldId, error, onChange }: DefaultValueFieldProps) {
  const info = filterTypeInfo(form.filterType);
  // The control needs its dataset and column to offer values.
  const ready = (!info.datasetRequired || form.datasetId !== null) && (!info.hasColumn || Boolean(form.column));
  const disabled = Boolean(form.controlValues.defaultToFirstItem);
  const setMask = (mask: DataMask) =>
    onChange({ ...form, defaultDataMask: { extraFormData: mask.extraFormData ?? {}, filterState: mask.filterState ?? {}, ownState: mask.ownState ?? {} } });
  return (
    <>
      <Checkbox checked={form.hasDefaultValue} disabled={disabled} onChange={(e) => onChange({ ...form, hasDefaultValue: e.target.checked })} data-test="filter-option-default">
        Filter has default value
      </Checkbox>
      {form.hasDefaultValue ? (
        <Form.Item label="Default Value" required validateStatus={error ? 'error' : undefined} help={error ?? (ready ? undefined : 'Fill all required fields to enable "Default Value"')} style={{ paddingLeft: 24, marginTop: 8 }}>
          <div id={fieldId} tabIndex={-1} data-test="filters-config-modal-default-value">
            {ready ? (
              <FilterControl
                filter={config}
                dataMask={{ id: form.id, ...form.defaultDataMask }}
                parentExtraFormData={parentExtraFormData}
                onChange={setMask}
                orientation="VERTICAL"
                inConfigModal
              />
            ) : null}
          </div>
        </Form.Item>
      ) : null}
    </>
  );
}
