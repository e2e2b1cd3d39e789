import { z } from 'zod';

/**
 * Chart thumbnails and screenshots (Superset's `/api/v1/chart/<pk>/thumbnail/<digest>/`, `/cache_screenshot/` and
 * `/screenshot/<digest>/`): the query schemas, the answers, the addresses, and the standalone chart page the
 * server's headless browser opens (the page and the renderer must agree on it, so it is written down here once).
 */

/** Superset's screenshot cache statuses (`StatusValues`), stored with every cached picture. */
export const SCREENSHOT_STATUSES = ['Pending', 'Computing', 'Updated', 'Error'] as const;
export type ScreenshotStatus = (typeof SCREENSHOT_STATUSES)[number];

/** Superset's chart defaults: the browser window a chart is drawn in and the picture kept (both 800 x 600). */
export const DEFAULT_CHART_WINDOW_SIZE: readonly [number, number] = [800, 600];
export const DEFAULT_CHART_THUMBNAIL_SIZE: readonly [number, number] = [800, 600];

/** Bounds of a requested size: a window under 100 px draws no readable chart; over 4096 px costs the browser too much. */
export const SCREENSHOT_SIZE_LIMITS = {
  window: { min: 100, max: 4096 },
  thumb: { min: 16, max: 4096 },
} as const;

function sizeSchema(min: number, max: number) {
  const side = z
    .number({ error: 'Must be an integer.' })
    .int('Must be an integer.')
    .min(min, `Must be between ${min} and ${max}.`)
    .max(max, `Must be between ${min} and ${max}.`);
  return z.tuple([side, side], { error: 'Must be two integers: width and height.' });
}

/** `?q=` of the thumbnail endpoint (rison), e.g. `(force:!t)`. */
export const thumbnailQuerySchema = z.object({ force: z.boolean().optional() });
export type ThumbnailQuery = z.infer<typeof thumbnailQuerySchema>;

/** `?q=` of cache_screenshot (rison), e.g. `(force:!t,window_size:!(1200,800),thumb_size:!(600,400))`. */
export const screenshotQuerySchema = z.object({
  force: z.boolean().optional(),
  window_size: sizeSchema(SCREENSHOT_SIZE_LIMITS.window.min, SCREENSHOT_SIZE_LIMITS.window.max).optional(),
  thumb_size: sizeSchema(SCREENSHOT_SIZE_LIMITS.thumb.min, SCREENSHOT_SIZE_LIMITS.thumb.max).optional(),
});
export type ScreenshotQuery = z.infer<typeof screenshotQuerySchema>;

/** `ChartCacheScreenshotResponseSchema`: 202 when a render was queued, 200 when the cache already answers. */
export interface ChartCacheScreenshotResponse {
  cache_key: string;
  /** The page the picture is drawn from. */
  chart_url: string;
  /** Where the picture is fetched once `task_status` is Updated. */
  image_url: string;
  task_status: ScreenshotStatus;
  /** ISO time of the last status change. */
  task_updated_at: string;
}

/** The thumbnail endpoint's 202 while the picture is being drawn. */
export interface ThumbnailAcceptedResponse {
  message: 'OK';
}

export const chartThumbnailUrl = (chartId: number, digest: string) => `/api/v1/chart/${chartId}/thumbnail/${digest}/`;
export const chartScreenshotUrl = (chartId: number, cacheKey: string) => `/api/v1/chart/${chartId}/screenshot/${cacheKey}/`;
export const chartCacheScreenshotUrl = (chartId: number) => `/api/v1/chart/${chartId}/cache_screenshot/`;

/** The chart alone, sized to the window (Superset's `/explore/?slice_id=N&standalone=1`). */
export const standaloneChartPath = (chartId: number) => `/explore/?slice_id=${chartId}&standalone=1`;

/** Superset's `standalone` values (1 hides the navigation; 2 and 3 are the dashboard's stricter modes); `true` is the legacy spelling. */
export function isStandaloneParam(value: string | null): boolean {
  return value !== null && ['1', '2', '3', 'true'].includes(value.toLowerCase());
}

/**
 * How the standalone page tells a headless browser the chart is done: the element with `data-test` = testId carries
 * `data-render-state` = loading | rendered | failed (and `data-render-error` with the reason when failed).
 */
export const STANDALONE_CHART = {
  testId: 'standalone-chart',
  stateAttribute: 'data-render-state',
  errorAttribute: 'data-render-error',
} as const;
export type ChartRenderState = 'loading' | 'rendered' | 'failed';
