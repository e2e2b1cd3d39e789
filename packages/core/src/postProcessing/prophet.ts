import type { Frame } from './frame.js';
import { PostProcessingError } from './PostProcessingError.js';

/** Forecasting needs Prophet, which Tessera does not ship: say so plainly instead of returning unforecast data. */
export function prophet(_frame: Frame, _options?: unknown): Frame {
  throw new PostProcessingError('Forecasting (prophet post-processing) is not supported by this server.');
}
