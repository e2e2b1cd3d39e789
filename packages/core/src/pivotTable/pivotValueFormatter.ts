import { getCurrencyFormatter, type CurrencyFormat } from '../format/currencyFormat.js';
import { getNumberFormatter, type NumberFormatter } from '../format/numberFormat.js';
import { isFractionAggregate } from './pivotTable.js';

/**
 * How a pivot table writes its cells, in the browser and in the server's post-processed answer alike: shares
 * read as percentages whatever the value format (Superset formats its fraction aggregators so too), else the
 * chart's value format and currency.
 */
export function pivotValueFormatter(formData: Record<string, unknown>): NumberFormatter {
  const aggregate = typeof formData.aggregateFunction === 'string' ? formData.aggregateFunction : undefined;
  if (isFractionAggregate(aggregate)) return getNumberFormatter('.1%');
  const currency = formData.currency_format as CurrencyFormat | null | undefined;
  const format = typeof formData.valueFormat === 'string' ? formData.valueFormat : undefined;
  return getCurrencyFormatter(currency && typeof currency === 'object' ? currency : undefined, format);
}
