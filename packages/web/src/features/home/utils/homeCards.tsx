import type { ReactNode } from 'react';
import { ROUTES } from '../../../routes';
import { BarChartOutlined, ConsoleSqlOutlined, DashboardOutlined, DatabaseOutlined, TableOutlined } from '../../../ui/icons';

export interface HomeCard {
  key: string;
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
}

export const HOME_CARDS: readonly HomeCard[] = [
  { key: 'sqllab', title: 'SQL Lab', description: 'Write and run SQL against your databases.', to: ROUTES.sqlLab, icon: <ConsoleSqlOutlined /> },
  { key: 'databases', title: 'Databases', description: 'Connect and manage database connections.', to: ROUTES.databases, icon: <DatabaseOutlined /> },
  { key: 'datasets', title: 'Datasets', description: 'Tables and queries that charts are built on.', to: ROUTES.datasets, icon: <TableOutlined /> },
  { key: 'charts', title: 'Charts', description: 'Explore data and save visualisations.', to: ROUTES.charts, icon: <BarChartOutlined /> },
  { key: 'dashboards', title: 'Dashboards', description: 'Arrange charts and share them.', to: ROUTES.dashboards, icon: <DashboardOutlined /> },
];
