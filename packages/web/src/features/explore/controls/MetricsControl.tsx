import { useState } from 'react';
import { Button, Popover, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { QueryMetric } from '@tessera/core';
import { metricLabel } from '../utils/labels';
import { AdhocMetricEditor } from './AdhocMetricEditor';
import type { ControlProps } from './types';

/** Metrics (a list) and Metric (one): chips that open the metric popover, and an add button. */
export function MetricsControl({ control, value, onChange, datasource }: ControlProps) {
  const multi = control.type === 'MetricsControl';
  const metrics: QueryMetric[] = multi ? (Array.isArray(value) ? (value as QueryMetric[]) : []) : value ? [value as QueryMetric] : [];
  /** Index being edited; metrics.length = a new one; null = closed. */
  const [editing, setEditing] = useState<number | null>(null);

  // A saved metric reads as the datasource panel lists it: its verbose name when it has one.
  const verbose = new Map((datasource?.metrics ?? []).map((m) => [m.metric_name, m.verbose_name || m.metric_name]));
  const chipLabel = (metric: QueryMetric) => (typeof metric === 'string' ? (verbose.get(metric) ?? metric) : metricLabel(metric));
  const commit = (metrics: QueryMetric[]) => onChange(multi ? metrics : (metrics[0] ?? null));
  const save = (index: number, metric: QueryMetric) => {
    const next = [...metrics];
    next[index] = metric;
    commit(next);
    setEditing(null);
  };
  const editor = (index: number) => (
    <AdhocMetricEditor metric={metrics[index] ?? null} datasource={datasource} onSave={(m) => save(index, m)} onCancel={() => setEditing(null)} />
  );

  return (
    <Space wrap size={[4, 4]} data-test={`metrics-control-${control.name}`}>
      {metrics.map((metric, index) => (
        <Popover key={`${metricLabel(metric)}-${index}`} trigger="click" open={editing === index} onOpenChange={(open) => setEditing(open ? index : null)} content={editor(index)} destroyOnHidden>
          <Tag
            closable
            color="blue"
            style={{ cursor: 'pointer' }}
            data-test="metric-chip"
            onClose={(event) => {
              event.preventDefault();
              commit(metrics.filter((_, i) => i !== index));
            }}
          >
            {chipLabel(metric)}
          </Tag>
        </Popover>
      ))}
      {multi || metrics.length === 0 ? (
        <Popover trigger="click" open={editing === metrics.length} onOpenChange={(open) => setEditing(open ? metrics.length : null)} content={editor(metrics.length)} destroyOnHidden>
          <Button size="small" icon={<PlusOutlined />} data-test={`add-metric-${control.name}`} aria-label={`Add ${control.label}`}>
            Add metric
          </Button>
        </Popover>
      ) : null}
    </Space>
  );
}
