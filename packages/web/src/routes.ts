/** Superset's SPA paths. */
export const ROUTES = {
  login: '/login/',
  logout: '/logout/',
  root: '/',
  welcome: '/superset/welcome/',
  sqlLab: '/sqllab/',
  charts: '/chart/list/',
  dashboards: '/dashboard/list/',
  datasets: '/tablemodelview/list/',
  databases: '/databaseview/list/',
  users: '/users/',
  roles: '/roles/',
  userInfo: '/user_info/',
} as const;
