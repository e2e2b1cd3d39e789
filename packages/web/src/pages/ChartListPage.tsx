import { Link } from 'react-router';
import { ROUTES } from '../routes';
import { EmptyState } from '../ui/EmptyState';
import { BarChartOutlined } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** `ROUTES.charts`: empty list until charts can be created. */
export function ChartListPage() {
  return (
    <div data-test="chart-list-page">
      <PageHeader title="Charts" />
      <EmptyState image={<BarChartOutlined style={{ fontSize: 64, opacity: 0.5 }} />} title="No charts yet" description="Charts are built from datasets in the chart explorer. Saved charts will be listed here.">
        <Link to={ROUTES.databases}>Connect a database</Link>
      </EmptyState>
    </div>
  );
}
