import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GuestScope } from '@tessera/core';
import { forbidden } from '../../app/httpErrors.js';
import { JsonText } from '../../app/jsonBody.js';

type Check = (request: FastifyRequest, scope: GuestScope) => boolean;

const param = (request: FastifyRequest, name: string) => String((request.params as Record<string, unknown>)[name] ?? '');

const ownDashboard: Check = (request, scope) => {
  const idOrSlug = param(request, 'id_or_slug');
  return /^\d+$/.test(idOrSlug) ? scope.dashboardIds.includes(Number(idOrSlug)) : scope.dashboardSlugs.includes(idOrSlug);
};

const ownDataset = (id: unknown, scope: GuestScope) => typeof id === 'number' && scope.datasetIds.includes(id);

/** The chart a data request says it draws (`form_data={"slice_id":N}` in the address, or in the body's form_data). */
function sliceIdsOf(request: FastifyRequest, body: Record<string, unknown> | null): unknown[] {
  const ids: unknown[] = [];
  const formData = (request.query as { form_data?: unknown }).form_data;
  if (typeof formData === 'string') {
    try {
      const parsed = JSON.parse(formData) as { slice_id?: unknown } | null;
      if (parsed?.slice_id !== undefined && parsed.slice_id !== null) ids.push(parsed.slice_id);
    } catch {
      /* the route answers a bad form_data itself */
    }
  }
  const bodyForm = body?.form_data as { slice_id?: unknown } | undefined;
  if (bodyForm?.slice_id !== undefined && bodyForm.slice_id !== null) ids.push(bodyForm.slice_id);
  return ids;
}

function jsonBody(request: FastifyRequest): Record<string, unknown> | null {
  const body: unknown = request.body;
  const text = body instanceof JsonText ? body.text : typeof body === 'string' ? body : null;
  if (text !== null) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

/** A chart data query: on one of the token's datasets, and when it names a chart, a chart of the token's dashboards. */
const chartData: Check = (request, scope) => {
  const body = jsonBody(request);
  const datasource = body?.datasource as { id?: unknown; type?: unknown } | undefined;
  const id = typeof datasource?.id === 'string' && /^\d+$/.test(datasource.id) ? Number(datasource.id) : datasource?.id;
  if (!ownDataset(id, scope)) return false;
  return sliceIdsOf(request, body).every((s) => typeof s === 'number' && scope.chartIds.includes(s));
};

/**
 * The routes a guest may call, each with what it may name (Superset's guest user: the token's dashboards, their
 * charts and datasets). Everything else is refused, whatever the guest role's permissions say.
 */
export const GUEST_ROUTES: Readonly<Record<string, Check>> = {
  'GET /api/v1/dashboard/:id_or_slug': ownDashboard,
  'GET /api/v1/dashboard/:id_or_slug/charts': ownDashboard,
  'GET /api/v1/dashboard/:id_or_slug/datasets': ownDashboard,
  'GET /api/v1/dashboard/:id_or_slug/tabs': ownDashboard,
  'GET /api/v1/embedded_dashboard/:uuid': (request, scope) => scope.embeddedUuids.includes(param(request, 'uuid').toLowerCase()),
  'POST /api/v1/chart/data': chartData,
  // The key is a digest of a query (and the guest's RLS): the chart data service checks the datasource again.
  'GET /api/v1/chart/data/:cache_key': () => true,
  'GET /api/v1/chart/:pk/data/': (request, scope) => scope.chartIds.includes(Number(param(request, 'pk'))),
  'GET /api/v1/datasource/:type/:id/column/:column/values/': (request, scope) => ownDataset(Number(param(request, 'id')), scope),
  // Native time filters show the dates a range means; it reads no data.
  'GET /api/v1/time_range/': () => true,
  // Public routes (login page, health, the app's files and the embedded page itself) stay open to everyone.
};

/** Refuses (403) a guest's request outside GUEST_ROUTES or naming what its token does not grant. */
export function registerGuestAccess(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const scope = request.principal?.guest;
    if (!scope) return;
    if (request.routeOptions.config?.permission === 'public') return;
    const check = GUEST_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!check || !check(request, scope)) throw forbidden('Guest user cannot modify or access this resource');
  });
}
