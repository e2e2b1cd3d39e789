import { escapeHtml } from '../escapeHtml';
import { toNumber } from '../props';

/** What ECharts hands a tooltip formatter for one series at the hovered x. */
export interface TooltipParam {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  axisValue?: unknown;
  axisValueLabel?: string;
}

const FORECAST_PART = /^(.*)__(yhat|yhat_lower|yhat_upper)$/;

// Series names come from data (metric labels, dimension values) and ECharts renders tooltips as HTML.

interface Row {
  marker: string;
  observation: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
}

/**
 * The rich (axis) tooltip of the timeseries charts, as Superset's: the hovered x, then one line per series that
 * has a value there (a sparse series with nothing at this x is left out, so a chart of many series keeps a short
 * tooltip), each in its own series' format. A forecast joins its series' line, `M: observation, ŷ = yhat
 * (lower, upper)`; the band's upper series holds upper − lower for stacking, so its real upper bound is read from
 * the point's third value. `valueIndex` is 0 on horizontal charts, 1 otherwise.
 */
export function axisTooltipFormatter(formatOf: (series: string) => (value: number | null) => string, header: (first: TooltipParam) => string, valueIndex = 1) {
  return (input: TooltipParam | TooltipParam[]): string => {
    const params = Array.isArray(input) ? input : [input];
    const rows = new Map<string, Row>();
    for (const param of params) {
      const name = param.seriesName ?? '';
      const values = Array.isArray(param.value) ? (param.value as unknown[]) : [undefined, param.value];
      const match = FORECAST_PART.exec(name);
      const base = match ? match[1]! : name;
      const row = rows.get(base) ?? { marker: '', observation: null, yhat: null, lower: null, upper: null };
      const value = toNumber(values[valueIndex]);
      if (!match) {
        row.observation = value;
        row.marker = param.marker ?? row.marker;
      } else if (match[2] === 'yhat') {
        row.yhat = value;
        row.marker ||= param.marker ?? '';
      } else if (match[2] === 'yhat_lower') row.lower = value;
      else row.upper = toNumber(values[2]);
      rows.set(base, row);
    }
    const axis = params[0] ? header(params[0]) : '';
    const lines = [...rows.entries()].flatMap(([name, row]) => {
      const format = formatOf(name);
      const parts: string[] = [];
      if (row.observation !== null) parts.push(format(row.observation));
      if (row.yhat !== null) parts.push(`ŷ = ${format(row.yhat)}`);
      const band = row.lower !== null && row.upper !== null ? ` (${format(row.lower)}, ${format(row.upper)})` : '';
      // A series with nothing at this x (no observation, no forecast) is left out rather than listed empty.
      return parts.length === 0 && !band ? [] : [`${row.marker}${escapeHtml(name)}: ${parts.join(', ')}${band}`];
    });
    return [escapeHtml(axis), ...lines].join('<br/>');
  };
}
