import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
import { LegacySliceRedirect } from '../pages/LegacySliceRedirect';
import { ROUTES } from '../routes';
import { AppLayout } from './AppLayout';
import { lazyPage } from './lazyPage';
import { PageFallback } from './PageFallback';
import { RouteErrorPage } from './RouteErrorPage';

const LoginPage = lazyPage(() => import('../pages/LoginPage'), 'LoginPage');
const HomePage = lazyPage(() => import('../pages/HomePage'), 'HomePage');
const SqlLabPage = lazyPage(() => import('../pages/SqlLabPage'), 'SqlLabPage');
const SavedQueryListPage = lazyPage(() => import('../pages/SavedQueryListPage'), 'SavedQueryListPage');
const QueryHistoryPage = lazyPage(() => import('../pages/QueryHistoryPage'), 'QueryHistoryPage');
const ChartListPage = lazyPage(() => import('../pages/ChartListPage'), 'ChartListPage');
const ChartAddPage = lazyPage(() => import('../pages/ChartAddPage'), 'ChartAddPage');
const ExplorePage = lazyPage(() => import('../pages/ExplorePage'), 'ExplorePage');
const DatasetAddPage = lazyPage(() => import('../pages/DatasetAddPage'), 'DatasetAddPage');
const DashboardListPage = lazyPage(() => import('../pages/DashboardListPage'), 'DashboardListPage');
const DashboardPage = lazyPage(() => import('../pages/DashboardPage'), 'DashboardPage');
const DatasetListPage = lazyPage(() => import('../pages/DatasetListPage'), 'DatasetListPage');
const DatabaseListPage = lazyPage(() => import('../pages/DatabaseListPage'), 'DatabaseListPage');
const UsersPage = lazyPage(() => import('../pages/UsersPage'), 'UsersPage');
const RolesPage = lazyPage(() => import('../pages/RolesPage'), 'RolesPage');
const AuditLogPage = lazyPage(() => import('../pages/AuditLogPage'), 'AuditLogPage');
const UserInfoPage = lazyPage(() => import('../pages/UserInfoPage'), 'UserInfoPage');
const AnnotationLayerListPage = lazyPage(() => import('../pages/AnnotationLayerListPage'), 'AnnotationLayerListPage');
const AnnotationListPage = lazyPage(() => import('../pages/AnnotationListPage'), 'AnnotationListPage');
const RowLevelSecurityListPage = lazyPage(() => import('../pages/RowLevelSecurityListPage'), 'RowLevelSecurityListPage');
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), 'NotFoundPage');
const EmbeddedPage = lazyPage(() => import('../pages/EmbeddedPage'), 'EmbeddedPage');

/** The app's routes (Superset's paths). Every page is its own lazily loaded chunk. */
export const appRoutes: RouteObject[] = [
  {
    path: ROUTES.login,
    element: (
      <Suspense fallback={<PageFallback />}>
        <LoginPage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
  {
    // Framed by a host application: no sign-in and no navigation; the guest token comes from the host page.
    path: ROUTES.embedded,
    element: (
      <Suspense fallback={<PageFallback />}>
        <EmbeddedPage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors inside a page keep the navigation bar.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={ROUTES.welcome} replace /> },
          { path: ROUTES.welcome, element: <HomePage /> },
          { path: ROUTES.sqlLab, element: <SqlLabPage /> },
          { path: ROUTES.sqlLabPermalink, element: <SqlLabPage /> },
          { path: ROUTES.savedQueries, element: <SavedQueryListPage /> },
          { path: ROUTES.queryHistory, element: <QueryHistoryPage /> },
          { path: ROUTES.charts, element: <ChartListPage /> },
          { path: ROUTES.chartAdd, element: <ChartAddPage /> },
          { path: ROUTES.explore, element: <ExplorePage /> },
          { path: ROUTES.legacySlice, element: <LegacySliceRedirect /> },
          { path: ROUTES.legacyExplore, element: <LegacySliceRedirect /> },
          { path: ROUTES.explorePermalink, element: <ExplorePage /> },
          { path: ROUTES.explorePermalinkShort, element: <ExplorePage /> },
          { path: ROUTES.datasetAdd, element: <DatasetAddPage /> },
          { path: ROUTES.dashboards, element: <DashboardListPage /> },
          { path: ROUTES.dashboardPermalink, element: <DashboardPage /> },
          { path: ROUTES.dashboard, element: <DashboardPage /> },
          { path: ROUTES.datasets, element: <DatasetListPage /> },
          { path: ROUTES.databases, element: <DatabaseListPage /> },
          { path: ROUTES.users, element: <UsersPage /> },
          { path: ROUTES.roles, element: <RolesPage /> },
          { path: ROUTES.auditLog, element: <AuditLogPage /> },
          { path: ROUTES.userInfo, element: <UserInfoPage /> },
          { path: ROUTES.annotationLayers, element: <AnnotationLayerListPage /> },
          { path: ROUTES.annotations, element: <AnnotationListPage /> },
          { path: ROUTES.rowLevelSecurity, element: <RowLevelSecurityListPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
