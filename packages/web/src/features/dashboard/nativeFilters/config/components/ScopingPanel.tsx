import { useMemo } from 'react';
import { Radio, Space, Tree, Typography } from 'antd';
import { defaultFilterScope, type DashboardLayout } from '@tessera/core';
import type { FilterForm } from '../utils/filterForm';
import { buildScopeTree, checkedFromScope, scopeFromChecked } from '../utils/scopeTree';

interface ScopingPanelProps {
  form: FilterForm;
  layout: DashboardLayout;
  chartName: (chartId: number) => string | undefined;
  onChange: (form: FilterForm) => void;
}

/** The Scoping tab: all panels, or the tabs and charts checked in the layout's tree. */
export function ScopingPanel({ form, layout, chartName, onChange }: ScopingPanelProps) {
  const tree = useMemo(() => buildScopeTree(layout, chartName), [layout, chartName]);
  const checked = useMemo(() => checkedFromScope(layout, form.scope), [layout, form.scope]);
  const setMode = (scopeMode: 'all' | 'specific') => onChange({ ...form, scopeMode, scope: scopeMode === 'all' ? defaultFilterScope() : form.scope });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-test="filters-config-modal-scoping">
      <Radio.Group value={form.scopeMode} onChange={(e) => setMode(e.target.value as 'all' | 'specific')}>
        <Radio value="all">Apply to all panels</Radio>
        <Radio value="specific">Apply to specific panels</Radio>
      </Radio.Group>
      <Typography.Text type="secondary">
        {form.scopeMode === 'all' ? 'All panels with this column will be affected by this filter' : 'Only selected panels will be affected by this filter'}
      </Typography.Text>
      {form.scopeMode === 'specific' ? (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={[tree]}
          checkedKeys={checked}
          onCheck={(keys) => {
            const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
            onChange({ ...form, scope: scopeFromChecked(layout, list) });
          }}
          data-test="filters-config-modal-scope-tree"
        />
      ) : null}
    </Space>
  );
}
