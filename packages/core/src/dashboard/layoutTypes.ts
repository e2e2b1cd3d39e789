/** The dashboard layout tree stored in `position_json` (facts §4.3): a flat map of id -> component. */

export const LAYOUT_TYPES = ['ROOT', 'GRID', 'HEADER', 'ROW', 'COLUMN', 'CHART', 'MARKDOWN', 'TABS', 'TAB', 'DIVIDER', 'DYNAMIC'] as const;
export type LayoutComponentType = (typeof LAYOUT_TYPES)[number];

export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';

export type HeaderSize = 'SMALL_HEADER' | 'MEDIUM_HEADER' | 'LARGE_HEADER';
export type LayoutBackground = 'BACKGROUND_TRANSPARENT' | 'BACKGROUND_WHITE';

export interface LayoutMeta {
  width?: number;
  height?: number;
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  /** MARKDOWN source. */
  code?: string;
  /** HEADER and TAB title. */
  text?: string;
  defaultText?: string;
  placeholder?: string;
  headerSize?: HeaderSize;
  background?: LayoutBackground;
  [key: string]: unknown;
}

export interface LayoutComponent {
  id: string;
  type: LayoutComponentType;
  children: string[];
  /** Ancestor ids from ROOT_ID down to the direct parent. */
  parents?: string[];
  meta: LayoutMeta;
}

/** The parsed `position_json`: components by id (plus `DASHBOARD_VERSION_KEY: "v2"` when stored). */
export type DashboardLayout = Record<string, LayoutComponent>;
