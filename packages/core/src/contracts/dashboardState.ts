import { z } from 'zod';
import { findTooDeepJson, jsonTextTooDeep } from '../json/jsonDepth.js';
import type { ScreenshotStatus } from './chartScreenshots.js';

/**
 * A dashboard's shareable state (facts §2.5): permalinks, the per-tab filter state cache, and dashboard
 * screenshots and thumbnails (Superset's `/api/v1/dashboard/<pk>/permalink`, `/filter_state`, `/thumbnail/<digest>/`,
 * `/cache_dashboard_screenshot/` and `/screenshot/<key>/`), plus the report page the server's headless browser opens.
 */

/**
 * How deep a data mask may nest. Real masks are shallow (filter id -> extraFormData -> filters -> {val: [...]} is
 * five levels; adhoc filters inside custom_form_data a few more); the body-wide cap (MAX_JSON_DEPTH) is far looser.
 */
export const DASHBOARD_STATE_MAX_DEPTH = 16;
/** The stored state of one permalink, as JSON text: a link is a pointer to a view, not a place to park data. */
export const DASHBOARD_STATE_MAX_CHARS = 512 * 1024;
/** A filter state value (JSON text), Superset's `value` field of TemporaryCachePostSchema. */
export const FILTER_STATE_VALUE_MAX_CHARS = 512 * 1024;
const ITEM_MAX_CHARS = 1000;
const LIST_MAX_ITEMS = 200;

const boundedText = z.string().max(ITEM_MAX_CHARS, `Longer than maximum length ${ITEM_MAX_CHARS}.`);

const dataMaskSchema = z
  .record(z.string(), z.unknown(), { error: 'Not a valid mapping type.' })
  .refine((mask) => findTooDeepJson(mask, DASHBOARD_STATE_MAX_DEPTH - 1) === null, `Nests deeper than ${DASHBOARD_STATE_MAX_DEPTH} levels.`);

/**
 * `DashboardPermalinkStateSchema` (and the 5.x body of cache_dashboard_screenshot): every field may be absent or null;
 * other fields are refused (400), as Superset's schema does.
 */
export const dashboardPermalinkStateSchema = z
  .strictObject({
    dataMask: dataMaskSchema.nullish(),
    activeTabs: z.array(boundedText, { error: 'Not a valid list.' }).max(LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} items.`).nullish(),
    anchor: boundedText.nullish(),
    urlParams: z
      .array(z.tuple([boundedText, boundedText.nullable()], { error: 'Each URL parameter is a [key, value] pair of strings.' }))
      .max(LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} items.`)
      .nullish(),
  })
  .refine((state) => JSON.stringify(state).length <= DASHBOARD_STATE_MAX_CHARS, `The state is larger than ${DASHBOARD_STATE_MAX_CHARS} characters.`);
export type DashboardPermalinkStateInput = z.infer<typeof dashboardPermalinkStateSchema>;

/** The state as stored and answered: absent fields are filled as Superset's screenshot endpoint fills them. */
export interface DashboardPermalinkState {
  dataMask?: Record<string, unknown> | null;
  activeTabs?: string[] | null;
  anchor?: string | null;
  urlParams?: [string, string | null][] | null;
}

/** `GET /api/v1/dashboard/permalink/<key>`: the dashboard's id (as text, as Superset answers) and the state. */
export interface DashboardPermalinkValue {
  dashboardId: string;
  state: DashboardPermalinkState;
}

export interface DashboardPermalinkCreated {
  key: string;
  url: string;
}

/** `TemporaryCachePostSchema` / `TemporaryCachePutSchema`: `value` is JSON text (the data mask, stringified). */
export const filterStateValueSchema = z.object({
  value: z
    .string({ error: (issue) => (issue.input === undefined ? 'Missing data for required field.' : 'Not a valid string.') })
    .max(FILTER_STATE_VALUE_MAX_CHARS, `Longer than maximum length ${FILTER_STATE_VALUE_MAX_CHARS}.`)
    .refine((text) => {
      if (jsonTextTooDeep(text, DASHBOARD_STATE_MAX_DEPTH)) return false;
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    }, 'Not a valid JSON text.'),
});
export type FilterStateValue = z.infer<typeof filterStateValueSchema>;

/** Superset's dashboard defaults: a 1600 x 1200 window, kept as an 800 x 600 thumbnail. */
export const DEFAULT_DASHBOARD_WINDOW_SIZE: readonly [number, number] = [1600, 1200];
export const DEFAULT_DASHBOARD_THUMBNAIL_SIZE: readonly [number, number] = [800, 600];

/** `DashboardCacheScreenshotResponseSchema`: 202 while the picture is queued or drawn, 200 once done (or failed). */
export interface DashboardCacheScreenshotResponse {
  cache_key: string;
  /** The page the picture is drawn from (the permalink of the asked state). */
  dashboard_url: string;
  /** Where the picture is fetched once `task_status` is Updated (`?download_format=pdf` for the PDF). */
  image_url: string;
  task_status: ScreenshotStatus;
  task_updated_at: string;
}

export const DASHBOARD_DOWNLOAD_FORMATS = ['png', 'pdf'] as const;
export type DashboardDownloadFormat = (typeof DASHBOARD_DOWNLOAD_FORMATS)[number];

export const dashboardPermalinkPath = (key: string) => `/superset/dashboard/p/${key}/`;
export const dashboardThumbnailUrl = (dashboardId: number, digest: string) => `/api/v1/dashboard/${dashboardId}/thumbnail/${digest}/`;
export const dashboardScreenshotUrl = (dashboardId: number, cacheKey: string) => `/api/v1/dashboard/${dashboardId}/screenshot/${cacheKey}/`;
export const dashboardCacheScreenshotUrl = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/cache_dashboard_screenshot/`;

/**
 * The page a headless browser pictures: the dashboard in report mode (`standalone=3`: no navigation, no header, every
 * chart queried at once, no chart menus), with a permalink's state restored when one is named.
 */
export function reportDashboardPath(dashboardId: number, permalinkKey?: string | null): string {
  const key = permalinkKey ? `&permalink_key=${encodeURIComponent(permalinkKey)}` : '';
  return `/superset/dashboard/${dashboardId}/?standalone=3${key}`;
}

/**
 * How the report page tells a headless browser it is done: the element with `data-test` = testId wraps the whole
 * dashboard (what is pictured) and carries `data-render-state` = loading | rendered | failed: rendered once every
 * chart of the shown tabs has drawn (or shown its error), failed when the dashboard itself could not load (with
 * `data-render-error` giving the reason).
 */
export const STANDALONE_DASHBOARD = {
  testId: 'dashboard-report',
  stateAttribute: 'data-render-state',
  errorAttribute: 'data-render-error',
} as const;
