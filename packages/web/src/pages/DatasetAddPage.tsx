import { DatasetAdd } from '../features/datasets';

/** `ROUTES.datasetAdd` (`/dataset/add/`). */
export function DatasetAddPage() {
  return <DatasetAdd />;
}
