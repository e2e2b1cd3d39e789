import { DashboardView } from '../features/dashboard';
import { EmbeddedGate } from '../features/embedded';
import { NotFoundPage } from './NotFoundPage';

/** `ROUTES.embedded` (`/embedded/<uuid>`): the dashboard a host application frames with the embedded SDK, as its guest. */
export function EmbeddedPage() {
  return <EmbeddedGate>{(bootstrap) => <DashboardView idOrSlug={String(bootstrap.dashboard_id)} notFound={<NotFoundPage />} />}</EmbeddedGate>;
}
