import { ChartList } from '../features/charts';

/** `ROUTES.charts` (`/chart/list/`). */
export function ChartListPage() {
  return <ChartList />;
}
