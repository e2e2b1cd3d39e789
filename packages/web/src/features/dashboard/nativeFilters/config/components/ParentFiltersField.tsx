import { Checkbox, Form, Select } from 'antd';
import type { FilterForm } from '../utils/filterForm';

interface ParentFiltersFieldProps {
  form: FilterForm;
  /** The other value filters the form may depend on. */
  candidates: { id: string; name: string }[];
  fieldId: string;
  error?: string;
  onChange: (form: FilterForm) => void;
}

/** "Filter is hierarchical": the filter's options follow the values of its parent filters (cascadeParentIds). */
export function ParentFiltersField({ form, candidates, fieldId, error, onChange }: ParentFiltersFieldProps) {
  return (
    <>
      <Checkbox
        checked={form.hierarchical}
        disabled={candidates.length === 0 && !form.hierarchical}
        onChange={(e) => onChange({ ...form, hierarchical: e.target.checked, cascadeParentIds: e.target.checked ? form.cascadeParentIds : [] })}
        data-test="filter-option-hierarchical"
      >
        Filter is hierarchical
      </Checkbox>
      {form.hierarchical ? (
        <Form.Item label="Parent filter" required validateStatus={error ? 'error' : undefined} help={error} style={{ paddingLeft: 24, marginTop: 8 }}>
          <Select
            id={fieldId}
            aria-label="Parent filter"
            mode="multiple"
            value={form.cascadeParentIds}
            onChange={(ids) => onChange({ ...form, cascadeParentIds: ids })}
            options={candidates.map((c) => ({ value: c.id, label: c.name || '[untitled]' }))}
            placeholder="Select parent filters"
            data-test="filters-config-modal-parents"
          />
        </Form.Item>
      ) : null}
    </>
  );
}
