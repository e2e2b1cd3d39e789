export { ChartHolder, type ChartHolderProps } from './ChartHolder';
export { ChartHolderContext, DEFAULT_CHART_HOLDER_SETTINGS, useChartHolderSettings, type ChartHolderSettings } from './ChartHolderContext';
export { SLICE_HEADER_HEIGHT } from './components/SliceHeader';
