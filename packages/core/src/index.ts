export * from './errors/index.js';
export * from './constants/index.js';
export * from './permissions/index.js';
export * from './contracts/index.js';
export * from './sql/index.js';
