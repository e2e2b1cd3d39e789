import { Link } from 'react-router';
import { ROUTES } from '../routes';
import { EmptyState } from '../ui/EmptyState';
import { DashboardOutlined } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** `ROUTES.dashboards`: empty list until dashboards can be created. */
export function DashboardListPage() {
  return (
    <div data-test="dashboard-list-page">
      <PageHeader title="Dashboards" />
      <EmptyState image={<DashboardOutlined style={{ fontSize: 64, opacity: 0.5 }} />} title="No dashboards yet" description="Dashboards arrange saved charts with filters. Your dashboards will be listed here.">
        <Link to={ROUTES.databases}>Connect a database</Link>
      </EmptyState>
    </div>
  );
}
