export * from './auditLog.js';
export * from './commonPasswords.js';
export * from './passwordPolicy.js';
