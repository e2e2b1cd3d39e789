import { Link } from 'react-router';
import { ROUTES } from '../routes';
import { EmptyState } from '../ui/EmptyState';
import { ConsoleSqlOutlined } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** `/sqllab/`: placeholder until the SQL editor lands. */
export function SqlLabPage() {
  return (
    <div data-test="sqllab-page">
      <PageHeader title="SQL Lab" />
      <EmptyState
        image={<ConsoleSqlOutlined style={{ fontSize: 64, opacity: 0.5 }} />}
        title="SQL Lab is coming soon"
        description="The SQL editor, with query history and saved queries, is being built. Meanwhile you can connect databases and browse their tables."
      >
        <Link to={ROUTES.databases}>Go to Databases</Link>
      </EmptyState>
    </div>
  );
}
