import { getTimeFormatter } from '../../formatters/timeFormat';
import { getMetricLabel } from '../../shared/chartQuery';
import { conditionalColor, type ConditionalFormattingRule } from '../../shared/conditionalFormatting';
import { metricValueFormatter } from '../../shared/metricFormat';
import { isTemporalColumn, toEpoch, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';

export interface BigNumberTotalProps {
  [key: string]: unknown;
  headerText: string;
  headerColor?: string;
  subheaderText: string;
  headerFontSize: number;
  subheaderFontSize: number;
}

export function transformProps(chartProps: ChartProps): BigNumberTotalProps {
  const { formData, queriesData, datasource } = chartProps;
  const metricLabel = getMetricLabel(formData.metric);
  const raw = queriesData[0]?.data[0]?.[metricLabel];
  // A metric that yields a time (MAX(ds)) shows as a date, as Superset's header formatter does.
  const timeValued = !!formData.force_timestamp_formatting || isTemporalColumn(queriesData[0], metricLabel);
  const value = toNumber(raw) ?? (timeValued ? toEpoch(raw) : null);
  const headerText =
    value === null
      ? 'No data'
      : timeValued
        ? getTimeFormatter(formData.time_format as string | undefined)(value)
        : metricValueFormatter(formData, datasource, formData.metric)(value);
  return {
    headerText,
    // One value: a matching rule shades it fully, as Superset's big number does.
    headerColor: conditionalColor((formData.conditional_formatting as ConditionalFormattingRule[] | undefined)?.map((r) => ({ ...r, column: undefined })), metricLabel, value),
    subheaderText: String(formData.subheader ?? ''),
    headerFontSize: Number(formData.header_font_size ?? 0.4),
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15),
  };
}
