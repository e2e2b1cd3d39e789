/** Native filters (facts §4.1, §4.2): the bar, its state, the controls and the cross-filters. */
export * from './bar';
export * from './state';
export * from './controls';
export * from './crossFilters';
// The config modal loads on demand (the bar imports it lazily): only its types are public here.
export type { FiltersConfigModalProps } from './config';
