import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Button, Modal, Radio, Tag, Tree, Typography } from 'antd';
import { chartCrossFilterScope, chartsInScope, crossFilterConfiguration, type FilterScope } from '@tessera/core';
import { selectLayout } from '../../page/layoutBridge';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { scopeOfChecked, scopeTree, treeChartIds, type ScopeTreeNode } from './scopingTree';
import { useSaveCrossFilterConfig } from './useSaveCrossFilterConfig';

export interface CrossFilterScopingModalProps {
  open: boolean;
  /** Opens on this chart's scoping (the chart header's "Cross-filtering scoping"); the global scoping otherwise. */
  initialChartId?: number | undefined;
  onClose: () => void;
}

const GLOBAL = 'global';

const withoutChart = (nodes: ScopeTreeNode[], chartId: string): ScopeTreeNode[] =>
  nodes.filter((n) => n.key !== chartId).map((n) => (n.children ? { ...n, children: withoutChart(n.children, chartId) } : n));

/**
 * "Cross-filtering scoping" (facts §4.2): which charts the cross-filters reach, for all charts (global) and per chart
 * (Global or Custom), each as a tree of tabs and charts. Saved at once into json_metadata's global_chart_configuration
 * and chart_configuration.
 */
export function CrossFilterScopingModal({ open, initialChartId, onClose }: CrossFilterScopingModalProps) {
  const layout = useSelector((s: object) => selectLayout(s as never));
  const { metadata, charts } = useSelector((s: object) => selectDashboardState(s));
  const chartName = (id: number) => charts[id]?.slice_name ?? `Chart ${id}`;
  const tree = useMemo(() => scopeTree(layout, (id) => charts[id]?.slice_name ?? `Chart ${id}`), [layout, charts]);
  const allCharts = useMemo(() => treeChartIds(tree), [tree]);
  const [globalChecked, setGlobalChecked] = useState<number[]>(() => chartsInScope(layout, metadata.global_chart_configuration?.scope ?? scopeOfChecked(allCharts, allCharts)));
  const [custom, setCustom] = useState<Record<string, number[]>>(() => {
    const initial: Record<string, number[]> = {};
    for (const id of allCharts) {
      const { scope, isGlobal } = chartCrossFilterScope(metadata, id);
      if (!isGlobal) initial[String(id)] = chartsInScope(layout, scope);
    }
    return initial;
  });
  const [selected, setSelected] = useState<string>(initialChartId !== undefined ? String(initialChartId) : GLOBAL);
  const { save, status } = useSaveCrossFilterConfig();

  const checked = selected === GLOBAL ? globalChecked : (custom[selected] ?? globalChecked.filter((id) => String(id) !== selected));
  const isCustom = selected !== GLOBAL && selected in custom;
  const setChecked = (ids: number[]) => (selected === GLOBAL ? setGlobalChecked(ids) : setCustom({ ...custom, [selected]: ids }));
  const setMode = (mode: 'global' | 'custom') => {
    const next = { ...custom };
    if (mode === 'custom') next[selected] = checked;
    else delete next[selected];
    setCustom(next);
  };

  const onSave = async () => {
    const scopes: Record<string, FilterScope> = Object.fromEntries(
      Object.entries(custom).map(([id, ids]) => [id, scopeOfChecked(allCharts.filter((c) => String(c) !== id), ids)]),
    );
    if (await save(crossFilterConfiguration(layout, allCharts, scopeOfChecked(allCharts, globalChecked), scopes))) onClose();
  };

  const shownTree = selected === GLOBAL ? tree : withoutChart(tree, selected);
  return (
    <Modal
      open={open}
      title="Cross-filtering scoping"
      width={720}
      onCancel={onClose}
      data-test="cross-filter-scoping-modal"
      footer={[
        <Button key="cancel" onClick={onClose} data-test="cross-filter-scoping-cancel">
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={status === 'begin'} onClick={() => void onSave()} data-test="cross-filter-scoping-save">
          Save
        </Button>,
      ]}
    >
      <div style={{ display: 'flex', gap: 16, minHeight: 320 }} data-test="cross-filter-scoping">
        <div style={{ width: 240, borderRight: '1px solid var(--ant-color-border-secondary, #f0f0f0)', paddingRight: 8 }}>
          <Typography.Link strong={selected === GLOBAL} onClick={() => setSelected(GLOBAL)} data-test="cross-filter-scoping-global">
            All charts/global scoping
          </Typography.Link>
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
            {allCharts.map((id) => (
              <li key={id} style={{ padding: '2px 0' }}>
                <Typography.Link strong={selected === String(id)} onClick={() => setSelected(String(id))} data-test="cross-filter-scoping-chart">
                  {chartName(id)}
                </Typography.Link>
                {String(id) in custom ? <Tag style={{ marginLeft: 4 }}>Custom</Tag> : null}
              </li>
            ))}
          </ul>
        </div>
        <div style={{ flex: 1 }}>
          {selected === GLOBAL ? (
            <Typography.Paragraph type="secondary">Charts that cross-filters of every chart without custom scoping apply to.</Typography.Paragraph>
          ) : (
            <Radio.Group value={isCustom ? 'custom' : 'global'} onChange={(e) => setMode(e.target.value as 'global' | 'custom')} style={{ marginBottom: 8 }}>
              <Radio value="global" data-test="cross-filter-scope-global">
                Global
              </Radio>
              <Radio value="custom" data-test="cross-filter-scope-custom">
                Custom
              </Radio>
            </Radio.Group>
          )}
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            disabled={selected !== GLOBAL && !isCustom}
            treeData={shownTree}
            checkedKeys={checked.map(String)}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              setChecked(list.map(String).filter((k) => /^\d+$/.test(k)).map(Number));
            }}
          />
        </div>
      </div>
    </Modal>
  );
}
