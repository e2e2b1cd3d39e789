import { Tabs, theme } from 'antd';
import { ChartsPane } from './ChartsPane';
import { LayoutElementsPane } from './LayoutElementsPane';

/** Edit mode's side panel (spec §2, facts §4.3): "Charts" and "Layout elements" to drag onto the dashboard. */
export function BuilderPanel() {
  const { token } = theme.useToken();
  return (
    <aside
      data-test="dashboard-builder-sidepane"
      aria-label="Dashboard builder"
      style={{
        width: 320,
        flex: '0 0 320px',
        position: 'sticky',
        top: 0,
        maxHeight: '100vh',
        overflow: 'auto',
        padding: 12,
        background: token.colorBgContainer,
        borderLeft: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tabs
        defaultActiveKey="charts"
        items={[
          { key: 'charts', label: 'Charts', children: <ChartsPane /> },
          { key: 'layout', label: 'Layout elements', children: <LayoutElementsPane /> },
        ]}
      />
    </aside>
  );
}
