export * from './safeRedirectPath.js';
