import { Select } from 'antd';
import type { ControlProps } from './types';

/** One ordering entry as Superset stores it: the JSON text of `[column, ascending]`. */
const entryText = (entry: unknown): string => (typeof entry === 'string' ? entry : JSON.stringify(entry));

/** `["carrier", true]` -> "carrier [asc]"; a text that is not such a pair is shown as it is. */
function entryLabel(text: string, verbose: (name: string) => string): string {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'boolean') {
      return `${verbose(parsed[0])} [${parsed[1] ? 'asc' : 'desc'}]`;
    }
  } catch {
    // Shown as typed; the json validator says what is wrong with it.
  }
  return text;
}

/**
 * Raw-records ordering (`order_by_cols`): pick columns ascending or descending, as Superset's select of
 * `order_by_choices`. Values are JSON texts of `[column, ascending]`; older parsed pairs are read too.
 */
export function OrderByControl({ control, value, onChange, datasource }: ControlProps) {
  const current = (Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value]).map(entryText);
  const columns = datasource?.columns ?? [];
  const verboseOf = new Map(columns.map((c) => [c.column_name, c.verbose_name || c.column_name]));
  const verbose = (name: string) => verboseOf.get(name) ?? name;
  const choices = columns.flatMap((c) => [JSON.stringify([c.column_name, true]), JSON.stringify([c.column_name, false])]);
  const options = [...new Set([...choices, ...current])].map((text) => ({ value: text, label: entryLabel(text, verbose) }));
  return (
    <Select
      aria-label={control.label}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      placeholder="Select columns to order by"
      value={current}
      options={options}
      onChange={(next: string[]) => onChange(next)}
    />
  );
}
