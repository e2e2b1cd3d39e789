import { DatasetList } from '../features/datasets';

/** `ROUTES.datasets` (`/tablemodelview/list/`). */
export function DatasetListPage() {
  return <DatasetList />;
}
