import { Link } from 'react-router';
import { ROUTES } from '../routes';
import { EmptyState } from '../ui/EmptyState';
import { TableOutlined } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** `ROUTES.datasets`: empty list until datasets can be created. */
export function DatasetListPage() {
  return (
    <div data-test="dataset-list-page">
      <PageHeader title="Datasets" />
      <EmptyState image={<TableOutlined style={{ fontSize: 64, opacity: 0.5 }} />} title="No datasets yet" description="A dataset is a table or a SQL query that charts are built on. Datasets will be listed here.">
        <Link to={ROUTES.databases}>Connect a database</Link>
      </EmptyState>
    </div>
  );
}
