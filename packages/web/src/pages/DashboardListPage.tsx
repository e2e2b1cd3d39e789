import { DashboardList } from '../features/dashboards';

/** `ROUTES.dashboards` (`/dashboard/list/`). */
export function DashboardListPage() {
  return <DashboardList />;
}
