import { unprocessable } from '../../app/httpErrors.js';
import { parseTemplateParams, renderTemplate, type TemplateContext, type TemplateParams } from '../../query-engine/renderTemplate.js';
import { templateContext, templateUser } from '../../query-engine/template/templateContext.js';

type Json = Record<string, unknown>;

/** Superset's parse_boolean_string: how `?include_rendered_sql=` is read. */
export const isTrueFlag = (v: unknown) => typeof v === 'string' && ['true', '1', 'yes', 'y', 't'].includes(v.toLowerCase());

/**
 * What a virtual dataset's SQL may read when its columns are read (create, refresh): its template parameters
 * only, as the chart data engine renders it (datasourceResolver), so SQL that saves also runs in its charts.
 */
export function sqlRenderContext(templateParams: string | null): TemplateParams {
  try {
    return parseTemplateParams(templateParams);
  } catch {
    // Unreadable parameters render as none: a template that needs one then fails as unrenderable.
    return {};
  }
}

/** A dataset's template parameters (data only) and the macros its templates are rendered with. */
export interface DatasetRenderContext {
  params: TemplateParams;
  context: TemplateContext;
}

/**
 * What a dataset's templates may read when shown rendered: its template parameters, `url_param(name, default)`
 * over the request's query string and the current user macros, as Superset's template processor offers them.
 */
export function renderContext(templateParams: string | null, query: Json, caller: Parameters<typeof templateUser>[0]): DatasetRenderContext {
  return { params: sqlRenderContext(templateParams), context: templateContext({ user: templateUser(caller), urlParams: query }) };
}

function renderOrFail(text: string, context: DatasetRenderContext, what: string): string {
  try {
    return renderTemplate(text, context.params, context.context);
  } catch {
    throw unprocessable(`Unable to render expression from dataset ${what}.`);
  }
}

function renderItems(items: unknown, context: DatasetRenderContext, what: string): unknown {
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
export function renderDatasetFields(result: Json, context: DatasetRenderContext): Json {
  const out = { ...result };
  if (typeof out.sql === 'string' && out.sql) out.rendered_sql = renderOrFail(out.sql, context, 'query');
  if (Array.isArray(out.metrics) && out.metrics.length > 0) out.metrics = renderItems(out.metrics, context, 'metric');
  if (Array.isArray(out.columns) && out.columns.length > 0) out.columns = renderItems(out.columns, context, 'calculated column');
  return out;
}
