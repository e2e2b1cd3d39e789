export * from './options.js';
export * from './PostProcessingError.js';
export * from './applyPostProcessing.js';
export { RESAMPLE_METHODS } from './resample.js';
export { MAX_HISTOGRAM_BINS } from './histogram.js';
export { POST_PROCESSING_MAX_CELLS, POST_PROCESSING_MAX_ROWS } from './frame.js';
