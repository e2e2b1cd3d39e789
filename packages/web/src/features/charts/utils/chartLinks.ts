import { ROUTES } from '../../../routes';

/** The explorer on a saved chart. */
export const chartExplorePath = (id: number) => `${ROUTES.explore}?slice_id=${id}`;

/** The explorer on a dataset with no saved chart. */
export const datasetExplorePath = (id: number, type = 'table') =>
  `${ROUTES.explore}?datasource_type=${encodeURIComponent(type)}&datasource_id=${id}`;

export const dashboardPath = (id: number) => `/superset/dashboard/${id}/`;
