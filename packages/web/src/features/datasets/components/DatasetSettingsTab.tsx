import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { mainDatetimeColumn, type ColumnDraft, type SettingsDraft } from '../utils/datasetDraft';

interface DatasetSettingsTabProps {
  kind: 'physical' | 'virtual';
  value: SettingsDraft;
  columns: readonly ColumnDraft[];
  onChange: (value: SettingsDraft) => void;
}

/** Name, description, main datetime column, cache timeout, SQL (virtual) and template parameters. */
export function DatasetSettingsTab({ kind, value, columns, onChange }: DatasetSettingsTabProps) {
  const patch = (part: Partial<SettingsDraft>) => onChange({ ...value, ...part });
  const temporal = columns.filter((column) => column.is_dttm && column.column_name.trim());
  return (
    <Form layout="vertical" data-test="dataset-settings-tab">
      {kind === 'virtual' ? (
        <Form.Item label="Dataset name" htmlFor="dataset-settings-name">
          <Input id="dataset-settings-name" value={value.table_name} onChange={(event) => patch({ table_name: event.target.value })} />
        </Form.Item>
      ) : null}
      <Form.Item label="Description" htmlFor="dataset-settings-description">
        <Input.TextArea id="dataset-settings-description" rows={3} value={value.description} onChange={(event) => patch({ description: event.target.value })} />
      </Form.Item>
      <Form.Item label="Default datetime" htmlFor="dataset-settings-dttm" extra="The main temporal column: time range filters and time grains apply to it by default.">
        <Select
          id="dataset-settings-dttm"
          allowClear
          placeholder="Select a temporal column"
          value={mainDatetimeColumn(value.main_dttm_col, columns) ?? undefined}
          onChange={(column?: string) => patch({ main_dttm_col: column ?? null })}
          options={temporal.map((column) => ({ value: column.column_name, label: column.column_name }))}
        />
      </Form.Item>
      <Form.Item label="Cache timeout" htmlFor="dataset-settings-cache" extra="Duration (in seconds) of the caching timeout for this dataset. Set to -1 to bypass the cache.">
        <InputNumber id="dataset-settings-cache" min={-1} precision={0} style={{ width: '100%' }} value={value.cache_timeout} onChange={(seconds) => patch({ cache_timeout: seconds ?? null })} />
      </Form.Item>
      {kind === 'virtual' ? (
        <Form.Item label="SQL" htmlFor="dataset-settings-sql" extra="The query that defines this virtual dataset.">
          <Input.TextArea
            id="dataset-settings-sql"
            rows={6}
            style={{ fontFamily: 'monospace' }}
            value={value.sql}
            onChange={(event) => patch({ sql: event.target.value })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Template parameters" htmlFor="dataset-settings-template" extra="A set of parameters that become available in the query using Jinja templating syntax (JSON).">
        <Input.TextArea
          id="dataset-settings-template"
          rows={3}
          style={{ fontFamily: 'monospace' }}
          value={value.template_params}
          onChange={(event) => patch({ template_params: event.target.value })}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={value.filter_select_enabled} onChange={(event) => patch({ filter_select_enabled: event.target.checked })}>
          Autocomplete filters
        </Checkbox>
        <Checkbox checked={value.normalize_columns} onChange={(event) => patch({ normalize_columns: event.target.checked })}>
          Normalize column names
        </Checkbox>
        <Checkbox checked={value.always_filter_main_dttm} onChange={(event) => patch({ always_filter_main_dttm: event.target.checked })}>
          Always filter main datetime column
        </Checkbox>
      </Form.Item>
    </Form>
  );
}
