import { useState } from 'react';
import { Button, Input, Select, Space, Tabs } from 'antd';
import { AGGREGATES, type Aggregate, type QueryMetric } from '@tessera/core';
import type { ExploreDatasource } from '../../../viz/types';
import { metricLabel } from '../utils/labels';

type Mode = 'SAVED' | 'SIMPLE' | 'SQL';

function initialMode(metric: QueryMetric | null): Mode {
  if (typeof metric === 'string') return 'SAVED';
  if (metric?.expressionType === 'SQL') return 'SQL';
  return 'SIMPLE';
}

interface AdhocMetricEditorProps {
  metric: QueryMetric | null;
  datasource: ExploreDatasource | null;
  onSave: (metric: QueryMetric) => void;
  onCancel: () => void;
}

/** The metric popover: a saved metric, a simple aggregate of a column (AVG, COUNT, ...) or custom SQL. */
export function AdhocMetricEditor({ metric, datasource, onSave, onCancel }: AdhocMetricEditorProps) {
  const [mode, setMode] = useState<Mode>(initialMode(metric));
  const [saved, setSaved] = useState<string | undefined>(typeof metric === 'string' ? metric : undefined);
  const simple = metric && typeof metric !== 'string' && metric.expressionType === 'SIMPLE' ? metric : null;
  const [column, setColumn] = useState<string | undefined>(simple?.column.column_name);
  const [aggregate, setAggregate] = useState<Aggregate | undefined>(simple?.aggregate);
  const [sql, setSql] = useState(metric && typeof metric !== 'string' && metric.expressionType === 'SQL' ? metric.sqlExpression : '');
  const [label, setLabel] = useState(metric && typeof metric !== 'string' && metric.hasCustomLabel ? (metric.label ?? '') : '');

  const build = (): QueryMetric | null => {
    const custom = label.trim() ? { label: label.trim(), hasCustomLabel: true } : {};
    if (mode === 'SAVED') return saved ?? null;
    if (mode === 'SIMPLE') {
      if (!column || !aggregate) return null;
      const built: QueryMetric = { expressionType: 'SIMPLE', column: { column_name: column }, aggregate, label: `${aggregate}(${column})`, ...custom };
      return built;
    }
    if (!sql.trim()) return null;
    return { expressionType: 'SQL', sqlExpression: sql.trim(), label: sql.trim(), ...custom };
  };
  const built = build();

  return (
    <div style={{ width: 320 }} data-test="adhoc-metric-editor">
      <Tabs
        size="small"
        activeKey={mode}
        onChange={(key) => setMode(key as Mode)}
        items={[
          {
            key: 'SAVED',
            label: 'Saved',
            children: (
              <Select
                aria-label="Saved metric"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={datasource?.metrics.length ? 'Select a saved metric' : 'This dataset has no saved metrics'}
                value={saved}
                onChange={(next: string) => setSaved(next)}
                options={(datasource?.metrics ?? []).map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))}
              />
            ),
          },
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Select
                  aria-label="Column"
                  style={{ width: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Select column"
                  value={column}
                  onChange={(next: string) => setColumn(next)}
                  options={(datasource?.columns ?? []).map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
                />
                <Select
                  aria-label="Aggregate"
                  style={{ width: '100%' }}
                  showSearch
                  placeholder="Select aggregate"
                  value={aggregate}
                  onChange={(next: Aggregate) => setAggregate(next)}
                  options={AGGREGATES.map((a) => ({ value: a, label: a }))}
                />
              </Space>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Input.TextArea aria-label="Metric SQL" autoSize={{ minRows: 3 }} placeholder="e.g. SUM(num) / COUNT(*)" value={sql} onChange={(e) => setSql(e.target.value)} />
            ),
          },
        ]}
      />
      {mode !== 'SAVED' ? (
        <Input aria-label="Metric label" placeholder={built ? metricLabel(built) : 'Label (optional)'} value={label} onChange={(e) => setLabel(e.target.value)} style={{ marginTop: 8 }} />
      ) : null}
      <Space style={{ marginTop: 8, justifyContent: 'flex-end', width: '100%' }}>
        <Button size="small" onClick={onCancel}>
          Close
        </Button>
        <Button size="small" type="primary" disabled={!built} onClick={() => built && onSave(built)} data-test="adhoc-metric-save">
          Save
        </Button>
      </Space>
    </div>
  );
}
