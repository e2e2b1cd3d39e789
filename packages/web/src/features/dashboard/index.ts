export { DashboardView, type DashboardViewProps } from './page/DashboardView';
export { parseDashboardAddress, dashboardPath, type DashboardAddress } from './page/dashboardAddress';
export {
  dashboardStateSlice,
  dashboardStateActions,
  selectDashboardState,
  initialDashboardState,
  type DashboardState,
} from './state/dashboardStateSlice';
