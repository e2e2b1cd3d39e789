export { ChartList } from './components/ChartList';
export { ChartPropertiesModal } from './components/ChartPropertiesModal';
export { FavoriteStar } from './components/FavoriteStar';
export { VizThumbnail, VizTypeName } from './components/VizThumbnail';
export { useChartFavorites, STAR_ERROR } from './hooks/useChartFavorites';
export { chartExplorePath, datasetExplorePath, dashboardPath } from './utils/chartLinks';
