export * from './constants.js';
export * from './layoutTypes.js';
export * from './dataMask.js';
export * from './jsonMetadata.js';
export * from './validateLayout.js';
export * from './filters/index.js';
