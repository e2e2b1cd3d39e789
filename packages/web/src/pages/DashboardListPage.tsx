import { Link } from 'react-router';
import { usePermissions } from '../features/auth';
import { ROUTES } from '../routes';
import { EmptyState } from '../ui/EmptyState';
import { DashboardOutlined } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** `ROUTES.dashboards`: empty list until dashboards can be created; its next step depends on what the user may do. */
export function DashboardListPage() {
  const { can } = usePermissions();
  const next = can('can_write', 'Database') ? (
    <Link to={ROUTES.databases}>Connect a database</Link>
  ) : can('can_read', 'Chart') ? (
    <Link to={ROUTES.charts}>Browse charts</Link>
  ) : null;
  return (
    <div data-test="dashboard-list-page">
      <PageHeader title="Dashboards" />
      <EmptyState image={<DashboardOutlined style={{ fontSize: 64, opacity: 0.5 }} />} title="No dashboards yet" description="Dashboards arrange saved charts with filters. Your dashboards will be listed here.">
        {next}
      </EmptyState>
    </div>
  );
}
