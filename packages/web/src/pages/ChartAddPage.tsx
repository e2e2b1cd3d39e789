import { ChartCreation } from '../features/chartCreation';

/** `ROUTES.chartAdd` (`/chart/add`, `?dataset=<id>` preselects the dataset). */
export function ChartAddPage() {
  return <ChartCreation />;
}
