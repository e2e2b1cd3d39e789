export * from './listQuery.js';
export * from './auth.js';
export * from './database.js';
export * from './sqllab.js';
export * from './sqllabState.js';
export * from './datasets.js';
