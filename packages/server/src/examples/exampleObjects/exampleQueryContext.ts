import {
  boxplotOperator,
  buildQueryContext,
  ensureIsArray,
  flattenOperator,
  getColumnLabel,
  getXAxisLabel,
  histogramOperator,
  normalizeOrderBy,
  normalizeTimeColumn,
  pivotOperator,
  renameOperator,
  sortOperator,
  type FormData,
  type PostProcessingRule,
  type QueryColumn,
  type QueryContextInput,
  type QueryMetric,
  type QueryObject,
} from '@tessera/core';

const present = <T>(values: (T | null | undefined)[]): T[] => values.filter((v): v is T => v !== null && v !== undefined);
const rules = (values: (PostProcessingRule | null | undefined)[]): PostProcessingRule[] => present(values);
const metricOf = (formData: FormData, key: string) => formData[key] as QueryMetric | undefined;
const columnsOf = (formData: FormData, key: string) => ensureIsArray(formData[key] as QueryColumn[] | QueryColumn | undefined);

/** The timeseries charts' query (line, bar, area) for the form data the examples use: no comparison, rolling or forecast. */
function timeseriesQuery(formData: FormData, base: QueryObject): QueryObject {
  const groupby = columnsOf(formData, 'groupby');
  let query: QueryObject = {
    ...base,
    columns: [...(formData.x_axis ? [formData.x_axis as QueryColumn] : []), ...groupby],
    series_columns: groupby,
    group_others_when_limit_reached: !!formData.group_others_when_limit_reached,
  };
  query = normalizeTimeColumn(formData, normalizeOrderBy(query));
  const pipeline = [pivotOperator(formData, query), renameOperator(formData, query), sortOperator(formData, query), getXAxisLabel(formData) ? flattenOperator() : undefined];
  return { ...query, post_processing: rules(pipeline) };
}

/** Aggregates by a few dimensions, largest first (funnel, treemap, sunburst, world map ...). */
function categoryQuery(formData: FormData, base: QueryObject, columns: (QueryColumn | undefined)[], metrics: (QueryMetric | undefined)[]): QueryObject {
  const mets = present(metrics);
  return { ...base, columns: present(columns), metrics: mets, orderby: mets[0] && formData.sort_by_metric !== false ? [[mets[0], !(formData.order_desc ?? true)]] : [] };
}

/** The chart's queries, per viz type, as its plugin's buildQuery makes them from the same form data. */
function queriesOf(vizType: string, formData: FormData, base: QueryObject): QueryObject[] {
  const metric = metricOf(formData, 'metric');
  switch (vizType) {
    case 'big_number_total':
      return [{ ...base, columns: [], metrics: present([metric]) }];
    case 'pie':
      return [{ ...base, orderby: formData.sort_by_metric !== false && metric ? [[metric, false]] : [] }];
    case 'echarts_timeseries_line':
    case 'echarts_timeseries_bar':
    case 'echarts_area':
      return [timeseriesQuery(formData, base)];
    case 'table': {
      const metrics = ensureIsArray(formData.metrics);
      return [{ ...base, columns: columnsOf(formData, 'groupby'), metrics, orderby: metrics[0] ? [[metrics[0], false]] : [], post_processing: [], series_limit: 0, series_limit_metric: undefined }];
    }
    case 'word_cloud':
      return [{ ...base, columns: columnsOf(formData, 'series'), metrics: present([metric]), orderby: metric ? [[metric, false]] : [] }];
    case 'pivot_table_v2': {
      const columns = [...columnsOf(formData, 'groupbyRows'), ...columnsOf(formData, 'groupbyColumns')].filter(
        (col, i, all) => all.findIndex((o) => getColumnLabel(o) === getColumnLabel(col)) === i,
      );
      const metrics = ensureIsArray(formData.metrics);
      return [{ ...base, columns, metrics, orderby: metrics[0] ? [[metrics[0], !(formData.order_desc ?? true)]] : [] }];
    }
    case 'treemap_v2':
      return [categoryQuery(formData, base, columnsOf(formData, 'groupby'), [metric])];
    case 'sunburst_v2':
      return [categoryQuery(formData, base, columnsOf(formData, 'columns'), [metric, metricOf(formData, 'secondary_metric')])];
    case 'world_map':
      return [categoryQuery(formData, base, [formData.entity as QueryColumn], [metric, metricOf(formData, 'secondary_metric')])];
    case 'box_plot': {
      const across = columnsOf(formData, 'columns');
      const groupby = columnsOf(formData, 'groupby');
      const columns = [...across, ...groupby.filter((g) => !across.some((d) => getColumnLabel(d) === getColumnLabel(g)))];
      const query: QueryObject = { ...base, columns, series_columns: groupby, metrics: ensureIsArray(formData.metrics) };
      return [{ ...query, post_processing: rules([boxplotOperator(formData, query)]) }];
    }
    case 'histogram_v2':
      return [{ ...base, columns: [...columnsOf(formData, 'column'), ...columnsOf(formData, 'groupby')], metrics: undefined, orderby: [], post_processing: rules([histogramOperator(formData, base)]) }];
    case 'heatmap_v2': {
      const metrics = present([metric]);
      return [normalizeTimeColumn(formData, { ...base, columns: [...columnsOf(formData, 'x_axis'), ...columnsOf(formData, 'groupby').slice(0, 1)], metrics, orderby: metrics[0] ? [[metrics[0], false]] : [] })];
    }
    default:
      throw new Error(`no example query for viz type ${vizType}`);
  }
}

/**
 * The query context an example chart is saved with (what the explorer stores on save), so the chart's
 * `/api/v1/chart/<id>/data/`, its CSV export, reports and cache warm-up work before anyone opens it.
 */
export function exampleQueryContext(vizType: string, formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => queriesOf(vizType, formData, base));
}
