import { NO_TIME_RANGE, resolveTimeRange, toSqlTimestampText, type SqlDialect } from '@tessera/core';
import type { TemplateContext } from '../renderTemplate.js';
import { strftime } from './strftime.js';
import type { MacroArgs, TemplateMacros } from './templateMacros.js';
import type { TemplateData } from './templateValues.js';

export interface TemplateUser {
  id: number | null;
  username: string | null;
  email: string | null;
}

/** The user macros' answers for a request's caller (anonymous: all None). */
export function templateUser(principal: { id: number | null; user?: { username: string; email: string } | null }): TemplateUser {
  return { id: principal.id, username: principal.user?.username ?? null, email: principal.user?.email ?? null };
}

/** A chart query's filter as its query object carries it (`{col, op, val}`). */
export interface TemplateFilter {
  col: unknown;
  op: string;
  val?: unknown;
}

/** What a request knows that Superset's macros read. Every field is optional: absent ones answer as in SQL Lab. */
export interface TemplateRequest {
  /**
   * The caller, for the current_user_* macros; null for an anonymous caller (they answer None). Leave it out
   * where a rendering is shared between users (a chart's cached datasource): the macros are then not offered,
   * so a template that needs them fails instead of rendering one user's answer for everyone.
   */
  user?: TemplateUser | null;
  /** `url_param`'s source: the request's query string or the form data's `url_params`. */
  urlParams?: Readonly<Record<string, unknown>>;
  /** The chart query's filters (`filter_values`, `get_filters`, `get_time_filter(column)`). */
  filters?: readonly TemplateFilter[];
  /** The query's time range text (`get_time_filter()` without a column). */
  timeRange?: string | null;
  /** Column types of the dataset, for `get_time_filter(column)` without `target_type`. */
  columnTypes?: ReadonlyMap<string, string | null>;
  /** The database's literals: `url_param` escaping, `where_in`, `get_time_filter`'s from_expr / to_expr. */
  dialect?: Pick<SqlDialect, 'stringEscape' | 'timestampLiteral' | 'dateLiteral'> | null;
  now?: () => Date;
  /** `metric(name, dataset_id)`: a saved metric's SQL expression, when the caller can look it up safely. */
  metric?: (name: string, datasetId: number | null) => string | null;
}

/** Python's truth of a JSON value: Superset's macros skip filters whose value is falsy. */
const pyTruthy = (v: unknown) =>
  !(v === null || v === undefined || v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0));

const asString = (v: TemplateData | undefined): string | null => (typeof v === 'string' ? v : null);
const asFlag = (v: TemplateData | undefined, fallback: boolean) => (v === undefined || v === null ? fallback : pyTruthy(v));

/** JSON-like data only: what a macro may answer (values from filters arrive as parsed JSON). */
function data(value: unknown): TemplateData {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(data);
  return null;
}

/** A string as the inside of the database's string literal (Superset's literal_processor, quotes dropped). */
function escapeText(value: string, dialect: TemplateRequest['dialect']): string {
  const text = dialect?.stringEscape === 'backslash' ? value.replace(/\\/g, '\\\\') : value;
  return text.replace(/'/g, "''");
}

/** DATE, or TIMESTAMP / DATETIME: which literal a bound is written as; other types get none, as in Superset. */
function temporalKind(type: string | null | undefined): 'date' | 'timestamp' | null {
  if (!type) return null;
  if (/^date$/i.test(type.trim())) return 'date';
  return /timestamp|datetime/i.test(type) ? 'timestamp' : null;
}

/**
 * Superset's template macros for one request (jinja_context.py's ExtraCache), over plain data. The engine
 * binds their arguments by Superset's parameter names and copies what they answer, so they stay data.
 * `dataset()` is not offered: it would need an access-checked, asynchronous read of another dataset.
 */
export function templateContext(request: TemplateRequest): TemplateContext {
  const filters = request.filters ?? [];
  const now = request.now ?? (() => new Date());

  const getFilters = (column: string | null) =>
    filters
      .filter((f) => typeof column === 'string' && f.col === column && pyTruthy(f.val))
      .map((f) => {
        const op = f.op.toUpperCase();
        const val = (op === 'IN' || op === 'NOT IN') && !Array.isArray(f.val) ? [f.val] : f.val;
        return { op, col: column!, val: data(val) };
      });

  const macros: TemplateMacros = {
    cache_key_wrapper: (args) => args.key ?? null,
    url_param: (args: MacroArgs) => {
      const name = asString(args.param);
      const params = request.urlParams ?? {};
      const given = name !== null && Object.hasOwn(params, name) ? data(params[name]) : null;
      const result = pyTruthy(given) ? given : (args.default ?? null);
      return typeof result === 'string' && asFlag(args.escape_result, true) ? escapeText(result, request.dialect) : result;
    },
    get_filters: (args) => getFilters(asString(args.column)),
    filter_values: (args) => {
      const values: TemplateData[] = [];
      for (const f of getFilters(asString(args.column))) {
        if (Array.isArray(f.val)) values.push(...f.val);
        else if (pyTruthy(f.val)) values.push(f.val);
      }
      return values.length === 0 && pyTruthy(args.default) ? [args.default!] : values;
    },
    get_time_filter: (args) => {
      const column = asString(args.column);
      let range = request.timeRange ?? null;
      let targetType = asString(args.target_type);
      if (column !== null) {
        const temporal = filters.find((f) => f.op.toUpperCase() === 'TEMPORAL_RANGE' && f.col === column);
        if (temporal && typeof temporal.val === 'string') range = temporal.val;
        targetType ??= request.columnTypes?.get(column) ?? null;
      }
      let timeRange = range || NO_TIME_RANGE;
      if (timeRange === NO_TIME_RANGE && typeof args.default === 'string' && args.default) timeRange = args.default;
      const bounds = resolveTimeRange(timeRange, now());
      const format = asString(args.strftime);
      const kind = temporalKind(targetType);
      const write = (date: Date | null): string | null => {
        if (!date) return null;
        if (format) return strftime(date, format);
        const dialect = request.dialect;
        if (!kind || !dialect) return null;
        const text = toSqlTimestampText(date);
        const template = kind === 'date' ? (dialect.dateLiteral ?? dialect.timestampLiteral) : dialect.timestampLiteral;
        return template.replace('{value}', kind === 'date' ? text.slice(0, 10) : text);
      };
      return { from_expr: write(bounds.since), to_expr: write(bounds.until), time_range: timeRange };
    },
  };
  if (request.user !== undefined) {
    const user = request.user;
    macros.current_user_id = () => user?.id ?? null;
    macros.current_username = () => user?.username ?? null;
    macros.current_user_email = () => user?.email ?? null;
  }
  const lookup = request.metric;
  if (lookup) {
    macros.metric = (args) => {
      const name = asString(args.metric_key);
      if (name === null) throw new Error('metric() needs a metric name.');
      const datasetId = typeof args.dataset_id === 'number' ? args.dataset_id : null;
      const expression = lookup(name, datasetId);
      if (expression === null) throw new Error(`Metric \`${name}\` not found${datasetId === null ? '' : ` in dataset ${datasetId}`}.`);
      return expression;
    };
  }
  return { macros, stringEscape: request.dialect?.stringEscape ?? 'standard' };
}
