import type { HTMLAttributes } from 'react';
import { Button, Flex, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '../../../ui/icons';
import { emptyMetric, type CurrencyPosition, type MetricDraft } from '../utils/datasetDraft';

interface DatasetMetricsTabProps {
  value: MetricDraft[];
  onChange: (value: MetricDraft[]) => void;
}

const POSITIONS: { value: CurrencyPosition; label: string }[] = [
  { value: 'prefix', label: 'Prefix' },
  { value: 'suffix', label: 'Suffix' },
];

/** Add, edit and delete the dataset's saved metrics. */
export function DatasetMetricsTab({ value, onChange }: DatasetMetricsTabProps) {
  const patch = (key: string, part: Partial<MetricDraft>) => onChange(value.map((metric) => (metric.key === key ? { ...metric, ...part } : metric)));
  const text = (field: 'metric_name' | 'verbose_name' | 'd3format' | 'currencySymbol', label: string, placeholder?: string) =>
    function TextCell(_cell: unknown, metric: MetricDraft) {
      return (
        <Input
          aria-label={`${label} of ${metric.metric_name || 'new metric'}`}
          data-test={`metric-${field}`}
          value={metric[field]}
          placeholder={placeholder}
          onChange={(event) => patch(metric.key, { [field]: event.target.value })}
        />
      );
    };

  const columns: ColumnsType<MetricDraft> = [
    { key: 'metric_name', title: 'Metric key', width: 170, render: text('metric_name', 'Metric key') },
    { key: 'verbose_name', title: 'Label', width: 150, render: text('verbose_name', 'Label') },
    {
      key: 'expression',
      title: 'SQL expression',
      render: (_cell, metric) => (
        <Input.TextArea
          aria-label={`SQL expression of ${metric.metric_name || 'new metric'}`}
          data-test="metric-expression"
          rows={2}
          style={{ fontFamily: 'monospace', minWidth: 200 }}
          value={metric.expression}
          onChange={(event) => patch(metric.key, { expression: event.target.value })}
        />
      ),
    },
    { key: 'd3format', title: 'D3 format', width: 110, render: text('d3format', 'D3 format', ',.2f') },
    {
      key: 'currency',
      title: 'Currency',
      width: 190,
      render: (_cell, metric) => (
        <Flex gap={4}>
          {text('currencySymbol', 'Currency', 'USD')(undefined, metric)}
          <Select<CurrencyPosition>
            aria-label={`Currency position of ${metric.metric_name || 'new metric'}`}
            value={metric.currencyPosition}
            options={POSITIONS}
            onChange={(currencyPosition) => patch(metric.key, { currencyPosition })}
            style={{ minWidth: 90 }}
          />
        </Flex>
      ),
    },
    {
      key: 'delete',
      width: 48,
      render: (_cell, metric) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete metric ${metric.metric_name || 'new metric'}`}
          data-test="metric-delete"
          onClick={() => onChange(value.filter((other) => other.key !== metric.key))}
        />
      ),
    },
  ];

  return (
    <div data-test="dataset-metrics-tab">
      <Flex justify="end" style={{ marginBottom: 8 }}>
        <Button icon={<PlusOutlined />} data-test="add-metric" onClick={() => onChange([...value, emptyMetric()])}>
          Add item
        </Button>
      </Flex>
      <Table<MetricDraft> size="small" rowKey="key" columns={columns} dataSource={value} pagination={false} scroll={{ x: 'max-content' }} onRow={() => ({ 'data-test': 'metric-row' }) as HTMLAttributes<HTMLElement>} />
    </div>
  );
}
