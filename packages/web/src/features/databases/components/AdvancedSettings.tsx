import { Checkbox, Collapse, Form, InputNumber } from 'antd';

const SQL_LAB_SETTINGS = [
  { name: 'expose_in_sqllab', label: 'Expose database in SQL Lab' },
  { name: 'allow_dml', label: 'Allow DML' },
  { name: 'allow_ctas', label: 'Allow CREATE TABLE AS' },
  { name: 'allow_cvas', label: 'Allow CREATE VIEW AS' },
  { name: 'allow_run_async', label: 'Asynchronous query execution' },
  { name: 'disable_data_preview', label: 'Disable SQL Lab data preview queries' },
] as const;

/** Advanced section: SQL Lab switches and the chart cache timeout. Panels are always rendered so their values are submitted. */
export function AdvancedSettings() {
  return (
    <Collapse
      data-test="advanced-settings"
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'sqllab',
          label: 'SQL Lab',
          forceRender: true,
          children: SQL_LAB_SETTINGS.map((setting) => (
            <Form.Item key={setting.name} name={setting.name} valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-test={`setting-${setting.name}`}>{setting.label}</Checkbox>
            </Form.Item>
          )),
        },
        {
          key: 'performance',
          label: 'Performance',
          forceRender: true,
          children: (
            <Form.Item
              label="Chart cache timeout"
              name="cache_timeout"
              extra="Duration (in seconds) of the caching timeout for charts of this database. Empty means the global default; 0 means the cache never expires."
              style={{ marginBottom: 0 }}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder="Seconds" />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
