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
  /** Create a new chart: pick a dataset (`?dataset=<id>` preselects it) and a chart type, then open the explorer. */
  chartAdd: '/chart/add',
  explore: '/explore/',
  /** Superset's legacy chart address (`?standalone=true` for the chart alone): opens the explorer on the chart. */
  legacySlice: '/superset/slice/:sliceId/',
  /** Superset's older explorer address (`?form_data={...}` links): the explorer with the same parameters. */
  legacyExplore: '/superset/explore/',
  explorePermalink: '/superset/explore/p/:key/',
  /** Newer Superset's permalink address; both open the same state. */
  explorePermalinkShort: '/explore/p/:key/',
  datasetAdd: '/dataset/add/',
  dashboards: '/dashboard/list/',
  /** A dashboard by id or slug (`?standalone=`, `edit=true`, `uiConfig=`, `force=`, `permalink_key=`, `native_filters_key=`). */
  dashboard: '/superset/dashboard/:idOrSlug/',
  /** A dashboard permalink: opens the dashboard with the state it kept, then shows the dashboard's own address. */
  dashboardPermalink: '/superset/dashboard/p/:key/',
  datasets: '/tablemodelview/list/',
  databases: '/databaseview/list/',
  users: '/users/',
  roles: '/roles/',
  /** Security-relevant actions (admins). */
  auditLog: '/auditlog/list/',
  userInfo: '/user_info/',
  annotationLayers: '/annotationlayer/list/',
  annotations: '/annotationlayer/:layerId/annotation/',
  /** An embedded dashboard, framed by a host application through the embedded SDK (no sign-in: a guest token). */
  embedded: '/embedded/:uuid',
  /** Settings > Security > Row Level Security (admins). */
  rowLevelSecurity: '/rowlevelsecurity/list/',
} as const;
