/** The one place the chart runtime and the explorer reach the viz plugin registry. */
export { getChartPlugin, listChartPlugins } from '../../../viz/registry';
