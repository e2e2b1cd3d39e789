/** Superset's SPA paths. */
export const ROUTES = {
  login: '/login/',
  logout: '/logout/',
  root: '/',
  welcome: '/superset/welcome/',
  sqlLab: '/sqllab/',
  sqlLabPermalink: '/sqllab/p/:key/',
  savedQueries: '/savedqueryview/list/',
  queryHistory: '/sqllab/history/',
  charts: '/chart/list/',
  dashboards: '/dashboard/list/',
  datasets: '/tablemodelview/list/',
  databases: '/databaseview/list/',
  users: '/users/',
  roles: '/roles/',
  userInfo: '/user_info/',
} as const;
