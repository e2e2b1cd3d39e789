export * from './listQuery.js';
export * from './auth.js';
export * from './database.js';
export * from './sqllab.js';
