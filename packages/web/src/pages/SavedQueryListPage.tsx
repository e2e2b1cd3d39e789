import { SavedQueryList } from '../features/savedQueries';

/** `/savedqueryview/list/`. */
export function SavedQueryListPage() {
  return <SavedQueryList />;
}
