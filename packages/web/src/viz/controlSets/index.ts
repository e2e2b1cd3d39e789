export * as controls from './controls';
export * from './sections';
export * from './forecastSection';
