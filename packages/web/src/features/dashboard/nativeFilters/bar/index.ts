export { FilterBar, type FilterBarProps } from './FilterBar';
export { filterBarOrientation, type FilterBarOrientation } from './filterBarOrientation';
export { WaitingForFilters } from './WaitingForFilters';
