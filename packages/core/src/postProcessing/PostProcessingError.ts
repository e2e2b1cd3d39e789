/**
 * A post-processing rule that cannot run on this result (bad options, missing column, unsupported operation).
 * It is the user's query that is wrong, so the server answers 400 with this message, as Superset does.
 */
export class PostProcessingError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'PostProcessingError';
  }
}
