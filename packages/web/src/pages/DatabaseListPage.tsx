import { DatabaseList } from '../features/databases';

/** `/databaseview/list/`. */
export function DatabaseListPage() {
  return <DatabaseList />;
}
