export * from './toasts.js';
export * from './messages.js';
export * from './resultHead.js';

/** Default HTTP port of the product. */
export const DEFAULT_PORT = 8088;
/** Superset's FAB list default page size. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
