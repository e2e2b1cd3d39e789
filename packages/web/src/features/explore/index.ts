export { ExploreView } from './components/ExploreView';
export { exploreSlice, exploreReducer, initialExploreState, type ExploreState, type ExplorePermissions } from './state/exploreSlice';
export { standardizeSelectValue, splitPastedText } from './utils/selectValue';
export { transferVizType } from './utils/transferVizType';
export { applyDatasourceChange } from './utils/datasourceChange';
export { metricLabel, columnLabel, filterLabel } from './utils/labels';
export { VizTypeGallery, type VizTypeGalleryProps } from './components/VizTypeGallery';
export { recordVizTypeUse } from './utils/vizUsage';
