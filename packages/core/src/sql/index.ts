export * from './tokenize.js';
export * from './statements.js';
export * from './limit.js';
export * from './tables.js';
