export { DashboardList } from './components/DashboardList';
export { dashboardHref } from './utils/dashboardLinks';
