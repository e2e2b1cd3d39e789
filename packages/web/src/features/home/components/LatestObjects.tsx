import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { useListChartsQuery } from '../../../api/chartApi';
import { useListDashboardsQuery } from '../../../api/dashboardApi';
import { ROUTES } from '../../../routes';
import { BarChartOutlined, DashboardOutlined } from '../../../ui/icons';
import { ItemList } from '../../../ui/ItemList';
import { usePermissions } from '../../auth';
import { chartExplorePath, VizTypeName } from '../../charts';
import { dashboardHref } from '../../dashboards';
import { ErrorMessage } from '../../errors';
import { canOpenSection } from '../../navigation';

/** The latest few, as Superset's home lists them until recents and favourites exist. */
const LATEST = { order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 6 } as const;

interface Entry {
  id: number;
  title: string;
  to: string;
  modified: string;
  extra?: ReactNode;
}

function LatestCard({ title, to, icon, entries, error, loading, empty, dataTest }: { title: string; to: string; icon: ReactNode; entries: Entry[]; error: unknown; loading: boolean; empty: string; dataTest: string }) {
  return (
    <Card title={title} extra={<Link to={to}>View all</Link>} data-test={dataTest} style={{ height: '100%' }}>
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ItemList
          loading={loading}
          items={entries}
          itemKey={(e) => e.id}
          emptyText={empty}
          renderItem={(e) => (
            <Flex gap={12} align="center">
              {icon}
              <div>
                <Link to={e.to}>{e.title}</Link>
                {e.modified ? (
                  <div>
                    <Typography.Text type="secondary">Modified {e.modified}</Typography.Text>
                  </div>
                ) : null}
              </div>
            </Flex>
          )}
          renderExtra={(e) => e.extra}
        />
      )}
    </Card>
  );
}

function LatestDashboards() {
  const { data, error, isLoading } = useListDashboardsQuery(LATEST);
  const entries = (data?.result ?? []).map((d) => ({
    id: d.id,
    title: d.dashboard_title,
    to: dashboardHref(d),
    modified: d.changed_on_delta_humanized,
  }));
  return <LatestCard title="Dashboards" to={ROUTES.dashboards} icon={<DashboardOutlined />} entries={entries} error={error} loading={isLoading} empty="No dashboards yet" dataTest="home-dashboards" />;
}

function LatestCharts() {
  const { data, error, isLoading } = useListChartsQuery(LATEST);
  const entries = (data?.result ?? []).map((c) => ({
    id: c.id,
    title: c.slice_name,
    to: c.slice_url || chartExplorePath(c.id),
    modified: c.changed_on_delta_humanized,
    extra: (
      <Typography.Text type="secondary">
        <VizTypeName vizType={c.viz_type} />
      </Typography.Text>
    ),
  }));
  return <LatestCard title="Charts" to={ROUTES.charts} icon={<BarChartOutlined />} entries={entries} error={error} loading={isLoading} empty="No charts yet" dataTest="home-charts" />;
}

/** The latest dashboards and charts the user can see (the example ones on a fresh install), each linking to it. */
export function LatestObjects() {
  const { can } = usePermissions();
  const dashboards = canOpenSection(can, ROUTES.dashboards);
  const charts = canOpenSection(can, ROUTES.charts);
  if (!dashboards && !charts) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
      {dashboards ? (
        <Col xs={24} lg={12}>
          <LatestDashboards />
        </Col>
      ) : null}
      {charts ? (
        <Col xs={24} lg={12}>
          <LatestCharts />
        </Col>
      ) : null}
    </Row>
  );
}
