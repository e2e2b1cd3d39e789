export * from './errorTypes.js';
export * from './issueCodes.js';
export * from './errorPayload.js';
