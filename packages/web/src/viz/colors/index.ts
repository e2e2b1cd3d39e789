export { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES, DEFAULT_CATEGORICAL_SCHEME, DEFAULT_SEQUENTIAL_SCHEME, getCategoricalScheme, getSequentialSchemeById, type ColorScheme } from './schemes';
export { CategoricalColorScale, getSharedColorScale, getDashboardColorScale, dashboardLabelColors } from './CategoricalColorScale';
export { getSequentialScale, getSequentialColors } from './sequentialScale';
