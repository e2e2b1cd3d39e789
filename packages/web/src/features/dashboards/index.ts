export { DashboardList } from './components/DashboardList';
