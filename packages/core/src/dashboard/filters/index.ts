export * from './filterScope.js';
export * from './validateNativeFilters.js';
export * from './filterEmit.js';
export * from './crossFilter.js';
export * from './withScopesFilled.js';
