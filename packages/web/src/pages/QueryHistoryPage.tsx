import { QueryHistoryList } from '../features/queryHistory';

/** `/sqllab/history/`. */
export function QueryHistoryPage() {
  return <QueryHistoryList />;
}
