import { Link } from 'react-router';
import { Button, Flex, Popover, Typography } from 'antd';
import { useGetChartQuery } from '../../../api/chartApi';
import { DashboardOutlined } from '../../../ui/icons';
import { dashboardPath } from '../utils/chartLinks';

/** "Added to N dashboards" with the dashboards as links (Superset's explore metadata bar); nothing while the chart is on none. */
export function ChartDashboardLinks({ chartId }: { chartId: number }) {
  // The chart's show answer names its dashboards (the explorer's own answer has only their ids).
  const { data } = useGetChartQuery(chartId);
  const dashboards = data?.dashboards ?? [];
  if (dashboards.length === 0) return null;
  const label = `Added to ${dashboards.length} dashboard${dashboards.length === 1 ? '' : 's'}`;
  const list = (
    <Flex vertical gap={4} data-test="chart-dashboard-links">
      {dashboards.map((dashboard) => (
        <Link key={dashboard.id} to={dashboardPath(dashboard.id)}>
          {dashboard.dashboard_title}
        </Link>
      ))}
    </Flex>
  );
  return (
    <Popover content={list} title="Dashboards added to" trigger={['hover', 'click']}>
      <Button type="text" size="small" icon={<DashboardOutlined />} data-test="chart-dashboards-trigger">
        <Typography.Text type="secondary">{label}</Typography.Text>
      </Button>
    </Popover>
  );
}
