export { FilterControl, type FilterControlProps } from './FilterControl';
export { SEARCH_DEBOUNCE_MS } from './SelectFilterControl';
