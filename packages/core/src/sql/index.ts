export * from './tokenize.js';
export * from './statements.js';
export * from './limit.js';
export * from './tables.js';
export * from './sqlEngineRules.js';
export * from './analyzeSql.js';
export { asciiLower } from './sqlNames.js';
export * from './disallowedFunctions.js';
export * from './tableAccessRefusal.js';
