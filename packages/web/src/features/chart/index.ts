export { ChartContainer, StopChartButton, type ChartContainerProps } from './components/ChartContainer';
export { ChartTimer } from './components/ChartTimer';
export { useChartRun, type ChartRunOptions } from './hooks/useChartRun';
export {
  chartRuntimeSlice,
  chartRuntimeReducer,
  initialChartRuntimeState,
  CHART_MESSAGES,
  chartUpdateStarted,
  chartUpdateSucceeded,
  chartUpdateStopped,
  chartUpdateFailed,
  chartRenderingSucceeded,
  chartRenderingFailed,
  chartReset,
  type ChartStatus,
  type ChartRuntimeState,
} from './state/chartRuntimeSlice';
export { getChartPlugin, listChartPlugins } from './utils/pluginRegistry';
export { formatElapsed } from './utils/formatElapsed';
export { chartRenderState, isEmptyAnswer } from './utils/chartRenderState';
export { annotationQueries, serverLayerNames, ANNOTATION_MESSAGES, type AnnotationQueries, type AnnotationQueryStatus } from './utils/annotationQueries';
export { ChartRenderQueueContext, useRenderTurn } from './hooks/useRenderTurn';
export { createRenderQueue, type RenderQueue, type RenderQueueOptions } from './utils/renderQueue';
