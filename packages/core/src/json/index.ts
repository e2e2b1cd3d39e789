export * from './jsonDepth.js';
