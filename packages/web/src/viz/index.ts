/** The viz layer's public surface: the plugin registry, formatters, colour schemes and the image export. */
export { getChartPlugin, listChartPlugins, resolveVizType, LEGACY_VIZ_TYPES } from './registry';
export { getChartImage } from './echarts/chartImage';
export * from './formatters';
export * from './colors';
export { validateControl, runValidator, VALIDATION_MESSAGES } from './validators';
export type * from './types';
