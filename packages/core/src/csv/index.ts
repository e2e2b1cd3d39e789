export * from './csvText.js';
