import { unprocessable } from '../../app/httpErrors.js';
import { parseTemplateParams, renderTemplate } from '../../query-engine/renderTemplate.js';

type Json = Record<string, unknown>;

/** Superset's parse_boolean_string: how `?include_rendered_sql=` is read. */
export const isTrueFlag = (v: unknown) => typeof v === 'string' && ['true', '1', 'yes', 'y', 't'].includes(v.toLowerCase());

/**
 * What a virtual dataset's SQL may read when its columns are read (create, refresh): its template parameters
 * only, as the chart data engine renders it (datasourceResolver), so SQL that saves also runs in its charts.
 */
export function sqlRenderContext(templateParams: string | null): Json {
  try {
    return parseTemplateParams(templateParams);
  } catch {
    // Unreadable parameters render as none: a template that needs one then fails as unrenderable.
    return {};
  }
}

/**
 * What a dataset's templates may read when shown rendered: its template parameters, `url_param(name, default)`
 * over the request's query string and `current_user_id()`, as Superset's template processor offers them.
 */
export function renderContext(templateParams: string | null, query: Json, userId: number | null): Json {
  const params = sqlRenderContext(templateParams);
  const urlParam = (name: unknown, fallback: unknown = null) => {
    const value = typeof name === 'string' ? query[name] : undefined;
    return typeof value === 'string' ? value : fallback;
  };
  return { ...params, url_param: urlParam, current_user_id: () => userId };
}

function renderOrFail(text: string, context: Json, what: string): string {
  try {
    return renderTemplate(text, context);
  } catch {
    throw unprocessable(`Unable to render expression from dataset ${what}.`);
  }
}

function renderItems(items: unknown, context: Json, what: string): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item: unknown) => {
    const expression = (item as Json | null)?.expression;
    return typeof expression === 'string' && expression
      ? { ...(item as Json), rendered_expression: renderOrFail(expression, context, what) }
      : item;
  });
}

/**
 * `GET /api/v1/dataset/<pk>?include_rendered_sql=true` (Superset's render_dataset_fields): beside the fields the
 * answer carries, `rendered_sql` and each expression's `rendered_expression`. The first template that cannot be
 * rendered makes the answer a 422 naming what it was (query, metric, calculated column, in that order).
 */
export function renderDatasetFields(result: Json, context: Json): Json {
  const out = { ...result };
  if (typeof out.sql === 'string' && out.sql) out.rendered_sql = renderOrFail(out.sql, context, 'query');
  if (Array.isArray(out.metrics) && out.metrics.length > 0) out.metrics = renderItems(out.metrics, context, 'metric');
  if (Array.isArray(out.columns) && out.columns.length > 0) out.columns = renderItems(out.columns, context, 'calculated column');
  return out;
}
