/**
 * Big SQL Lab results reach the grid in two steps: their head (the first screens, a few kB) as soon as
 * the engine has finished, then the whole result. Server and client split at the same sizes.
 */
export const RESULT_HEAD_MIN_ROWS = 20_000;
/** Rows in a result's head. */
export const RESULT_HEAD_ROWS = 500;
