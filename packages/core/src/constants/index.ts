export * from './toasts.js';
export * from './messages.js';
export * from './resultHead.js';

/** Default HTTP port of the product. */
export const DEFAULT_PORT = 8088;
/** Superset's FAB list default page size. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/**
 * The largest id a metadata row can have: id columns are 32-bit integers, and PostgreSQL refuses a query that
 * compares one with a larger value outright, so a larger id is answered as naming nothing before any query.
 */
export const MAX_ID = 2 ** 31 - 1;
