import { useParams } from 'react-router';
import { DashboardView } from '../features/dashboard';
import { NotFoundPage } from './NotFoundPage';

/** `ROUTES.dashboard` (`/superset/dashboard/<id or slug>/`) and `ROUTES.dashboardPermalink` (`/superset/dashboard/p/<key>/`). */
export function DashboardPage() {
  const { idOrSlug, key } = useParams<{ idOrSlug?: string; key?: string }>();
  return <DashboardView idOrSlug={idOrSlug} permalinkKey={key} notFound={<NotFoundPage />} />;
}
