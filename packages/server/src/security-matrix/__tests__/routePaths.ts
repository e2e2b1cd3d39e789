import type { RouteRecord } from '../../app/routePermission.js';
import type { SecurityWorld } from './securityWorld.js';

/** The methods a registry row stands for (fastify may record several for one route; HEAD follows GET). */
export function methodsOf(route: RouteRecord): string[] {
  return route.method.split(',').filter((m) => m !== 'HEAD');
}

const PARAM = /:(\w+)(?:\([^)]*\))?|\*/g;

/** The path parameters a route declares, in order (`*` for a wildcard). */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(PARAM)].map((m) => m[1] ?? '*');
}

/** The route's address with each parameter replaced by `value(name)`. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(PARAM, (_match, name: string | undefined) => encodeURIComponent(value(name ?? '*')).replaceAll('%2F', '/'));
}

/** Parameters that name one object: a made-up value of these must be a 404 for someone who may see everything. */
export const OBJECT_PARAMS = new Set(['pk', 'id_or_slug', 'id', 'key', 'client_id', 'clientId', 'cache_key', 'annotation_id', 'child', 'uuid']);

/**
 * A real object for every parameter, owned by others than most callers (the admin's charts and dashboard, the
 * peer's SQL Lab state), so the matrix asks for things that exist. A parameter no route used before gets '1':
 * a caller without the route's permission is refused before the value matters.
 */
export function realValue(world: SecurityWorld, url: string, name: string): string {
  const at = (prefix: string) => url.startsWith(prefix);
  switch (name) {
    case 'pk':
    case 'id_or_slug':
    case 'id':
      if (at('/api/v1/security/users/')) return String(world.callers.Gamma.id);
      if (at('/api/v1/security/roles/')) return String(world.birthNamesRoleId);
      if (at('/api/v1/database/')) return String(world.examplesDbId);
      if (at('/api/v1/query/')) return String(world.peer.run.id);
      if (at('/api/v1/saved_query/') || at('/savedqueryviewapi/')) return String(world.peer.savedQueryId);
      if (at('/tabstateview/')) return String(world.peer.tabStateId);
      if (at('/tableschemaview/')) return String(world.peer.tableSchemaId);
      if (at('/kv/')) return world.peer.kvId;
      if (at('/api/v1/dataset/') || at('/api/v1/datasource/')) return String(world.birthNamesId);
      if (at('/api/v1/chart/')) return String(world.birthNamesChart);
      if (at('/api/v1/dashboard/')) return String(world.dashboardId);
      if (at('/api/v1/annotation_layer/')) return String(world.annotationLayerId);
      return '1';
    case 'key':
      if (at('/api/v1/sqllab/permalink/')) return world.peer.sqllabPermalinkKey;
      if (at('/api/v1/explore/permalink/')) return world.explorePermalinkKey;
      if (at('/api/v1/explore/form_data/')) return world.formDataKey;
      return '1';
    case 'client_id':
    case 'clientId':
      return world.peer.run.clientId;
    case 'cache_key':
      return world.flightsCacheKey || '0'.repeat(64);
    case 'annotation_id':
      return String(world.annotationId);
    case 'digest':
      return 'f'.repeat(32);
    case 'table':
      return 'birth_names';
    case 'schema':
      return 'main';
    case 'type':
      return 'table';
    case 'column':
      if (at('/api/v1/datasource/')) return 'state';
      if (at('/api/v1/annotation_layer/')) return 'created_by';
      return 'owners';
    case '*':
      return 'chart/list/';
    default:
      return '1';
  }
}

/** A value that names no object, for the 404 sweep. */
export function missingValue(world: SecurityWorld, url: string, name: string): string {
  switch (name) {
    case 'key':
      // Well-formed (22 base64url characters) but stored nowhere.
      return 'AAAAAAAAAAAAAAAAAAAAAA';
    case 'client_id':
    case 'clientId':
      return 'noSuchRun01';
    case 'cache_key':
      return '0'.repeat(64);
    default:
      return OBJECT_PARAMS.has(name) ? '999999' : realValue(world, url, name);
  }
}

/** The query string a GET route needs to reach past its argument check to the object (real ids of others). */
export function queryFor(world: SecurityWorld, url: string): string {
  const table = 'name=birth_names&schema=main';
  const queries: Record<string, string> = {
    '/api/v1/database/:pk/tables/': 'q=(schema_name:main)',
    '/api/v1/database/:pk/table_metadata/': table,
    '/api/v1/database/:pk/table_metadata/extra/': table,
    '/api/v1/sqllab/results/': `q=(key:'${world.peer.run.resultsKey}')`,
    '/api/v1/query/updated_since': 'q=(last_updated_ms:0)',
    '/superset/fetch_datasource_metadata': `datasourceKey=${world.birthNamesId}__table`,
    '/api/v1/explore/': `slice_id=${world.birthNamesChart}`,
    '/api/v1/chart/export/': `q=!(${world.birthNamesChart})`,
    '/api/v1/dataset/export/': `q=!(${world.birthNamesId})`,
    '/api/v1/database/export/': `q=!(${world.examplesDbId})`,
    '/api/v1/dashboard/export/': `q=!(${world.dashboardId})`,
    '/api/v1/chart/favorite_status/': `q=!(${world.birthNamesChart})`,
    '/api/v1/dashboard/favorite_status/': `q=!(${world.dashboardId})`,
    '/api/v1/time_range/': "q='Last week'",
  };
  const query = queries[url];
  return query ? `?${query}` : '';
}
