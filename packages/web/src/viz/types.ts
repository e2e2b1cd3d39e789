import type { ComponentType } from 'react';
import type { ChartDataResult, CrossFilterSelection, FormData, QueryContextInput } from '@tessera/core';

/**
 * The chart plugin contract. Each chart type (viz/plugins/<vizType>/) exports one `ChartPlugin`:
 * metadata for the picker, the control panel the explorer renders, and two pure functions
 * (buildQuery: form data -> query context; transformProps: answer -> renderer props). The renderer is
 * loaded lazily so the explorer never downloads every chart's drawing code.
 */

export type ChartCategory = 'Table' | 'KPI' | 'Evolution' | 'Part of a Whole' | 'Distribution' | 'Correlation' | 'Flow' | 'Ranking' | 'Map' | 'Other';

export interface ChartMetadata {
  vizType: string;
  name: string;
  category: ChartCategory;
  description: string;
  /** Search words for the viz type picker. */
  tags: string[];
  /** An inline SVG string (or data: URL) shown in the picker; drawn by the plugin, no network fetch. */
  thumbnail: string;
  /** Charts that read a temporal x-axis (time grain applies). */
  usesTimeAxis?: boolean;
}

/** Validator names the explorer knows (spec §5). Parameterised ones carry their argument. */
export type ControlValidator =
  | { type: 'nonEmpty' }
  | { type: 'integer' }
  | { type: 'number' }
  | { type: 'maxValue'; max: number }
  | { type: 'minValue'; min: number }
  | { type: 'json' };

/** Control kinds the explorer can render. Adding one means adding its component in features/explore/controls. */
export type ControlType =
  | 'MetricsControl' // list of saved/adhoc metrics
  | 'MetricControl' // one metric
  | 'GroupByControl' // list of columns (physical or adhoc)
  | 'ColumnControl' // one column
  | 'XAxisControl' // one column, temporal ones first
  | 'AdhocFilterControl'
  | 'TimeRangeControl'
  | 'TimeGrainControl'
  | 'SelectControl'
  | 'TextControl'
  | 'NumberControl'
  | 'CheckboxControl'
  | 'SliderControl'
  | 'ColorSchemeControl'
  | 'SequentialSchemeControl'
  | 'NumberFormatControl'
  | 'TimeFormatControl'
  | 'CurrencyControl'
  | 'ColorPickerControl'
  | 'ConditionalFormattingControl'
  | 'AnnotationLayerControl'
  | 'TimeShiftControl'
  | 'OrderByControl' // a list of JSON texts of [column, ascending] (spec §5 'Found invalid orderby options')
  | 'TextAreaControl'
  | 'RadioButtonControl';

export interface ControlConfig {
  /** The form data key this control writes. */
  name: string;
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /**
   * The starting value when it depends on the rest of the form data (Superset's mapStateToProps values, such as
   * the table's query mode): used instead of `default` when a chart opens without this control's value.
   */
  defaultFrom?: (formData: FormData) => unknown;
  /** Select / radio choices as [value, label]. */
  choices?: readonly (readonly [string | number | null, string])[];
  multi?: boolean;
  /** Select allows typed values (creatable). */
  freeForm?: boolean;
  clearable?: boolean;
  validators?: ControlValidator[];
  /** Errors that depend on other controls' values (Superset's externalValidationErrors). */
  externalValidation?: (formData: FormData) => string[];
  /**
   * Only show when this returns true for the current form data (and the datasource, when known: validation
   * outside the explorer has none, and a control that depends on it must then count as shown).
   */
  visibility?: (formData: FormData, datasource?: ExploreDatasource | null) => boolean;
  /**
   * False for a control named like a dimension or metric key (`columns`, `metric`...) that holds something else,
   * such as the box plot's "Distribute across": it then keeps its own value when the viz type changes instead of
   * taking the old chart's dimensions or metrics (features/explore/utils/standardizedControls.ts).
   */
  standardized?: boolean;
  /**
   * A column control that offers only the dataset's temporal columns (Superset's temporalColumnMixin, used by the
   * Time column): a time range can only be applied to one.
   */
  isTemporal?: boolean;
  /** Re-render without a new query when changed (style-only controls). */
  renderTrigger?: boolean;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}

export interface ControlPanelSection {
  label: string;
  expanded?: boolean;
  description?: string;
  /** Rows of controls; controls in one row are laid side by side. */
  controlSetRows: ControlConfig[][];
}

export interface ControlPanelConfig {
  sections: ControlPanelSection[];
  /**
   * Form data keys this chart type shares when switching viz type (besides the common ones). Dimensions and
   * metrics need no listing: they are handed to the controls named after their keys.
   */
  transferable?: string[];
}

/** A datasource as the explorer holds it (GET /api/v1/explore/ `dataset`). */
export interface ExploreDatasource {
  id: number;
  type: string;
  uid: string;
  name: string;
  columns: { column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean; verbose_name?: string | null; expression?: string | null; groupby?: boolean; filterable?: boolean }[];
  metrics: { metric_name: string; expression: string; verbose_name?: string | null; d3format?: string | null; currency?: string | null }[];
  main_dttm_col?: string | null;
  verbose_map?: Record<string, string>;
  column_formats?: Record<string, string>;
  currency_formats?: Record<string, unknown>;
}

export interface ChartProps {
  formData: FormData;
  queriesData: ChartDataResult[];
  width: number;
  height: number;
  datasource?: ExploreDatasource;
  /** Dark or light, from the theme. */
  theme?: 'light' | 'dark';
}

/** What a renderer receives: whatever transformProps built, plus size and hooks. */
export interface RendererProps<T = Record<string, unknown>> {
  props: T;
  width: number;
  height: number;
  /** The renderer calls this once it has drawn (chart status 'rendered'). */
  onRendered?: () => void;
  /** Render errors go here (chart status 'failed' with 'An error occurred while rendering the visualization: %s'). */
  onRenderError?: (error: Error) => void;
  /** Cross-filter / drill hooks for dashboards; optional in the explorer. */
  onContextMenu?: (event: {
    clientX: number;
    clientY: number;
    filters: { col: string; op: string; val: unknown }[];
    /** The cross-filter the right-clicked element stands for (the menu's "Add cross-filter"), when it has one. */
    crossFilter?: CrossFilterSelection | null;
  }) => void;
  /**
   * A click on a data element of a chart on a dashboard that emits cross-filters (absent in the explorer, and when
   * the dashboard has cross-filters off): the selection the element stands for.
   */
  onCrossFilter?: (selection: CrossFilterSelection) => void;
  /**
   * The chart's active cross-filter: its columns and selected value rows (one value per column). The renderer
   * dims what it does not select (or marks what it does).
   */
  crossFilterSelection?: { columns: string[]; values: unknown[][] } | null;
  /** Charts with server-side state (table pagination) ask for a new query through this. */
  setOwnState?: (ownState: ChartOwnState) => void;
  /** The current own state (what buildQuery received). */
  ownState?: ChartOwnState;
}

/**
 * State a chart keeps outside form data that still changes its query (Superset's `ownState`): the table's
 * server-side page, page size and search text. The chart container stores it and passes it back to buildQuery.
 */
export interface ChartOwnState {
  currentPage?: number;
  pageSize?: number;
  searchText?: string;
  [key: string]: unknown;
}

export interface ChartPlugin<T = Record<string, unknown>> {
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  /** Pure: the query context sent to POST /api/v1/chart/data. */
  buildQuery(formData: FormData, options?: { ownState?: ChartOwnState }): QueryContextInput;
  /** Pure: the renderer's props from the chart data answer. */
  transformProps(chartProps: ChartProps): T;
  /** Lazily loaded drawing component. */
  loadRenderer(): Promise<ComponentType<RendererProps<T>>>;
  /** Pure, for charts that reshape their rows (pivot table): the table as drawn, as CSV ("Export to Pivoted .CSV"). */
  pivotedCsv?(chartProps: ChartProps): string;
}
