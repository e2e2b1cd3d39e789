import { getCategoricalScheme } from './schemes';

/**
 * Assigns scheme colours to labels in first-seen order and keeps them: the same series keeps its colour when
 * a filter hides others. Explicit `label_colors` (form data or dashboard metadata) win over the scheme.
 */
export class CategoricalColorScale {
  private readonly colors: readonly string[];
  private readonly assigned = new Map<string, string>();
  private readonly forced: Record<string, string>;
  /** A dashboard's shared scale: labels not forced take their colour from it, so every chart agrees. */
  private readonly shared: CategoricalColorScale | null;

  constructor(schemeId?: string | null, labelColors?: Record<string, string> | null, shared?: CategoricalColorScale | null) {
    this.colors = getCategoricalScheme(schemeId).colors;
    this.forced = labelColors ?? {};
    this.shared = shared ?? null;
  }

  getColor(label: unknown): string {
    const key = String(label ?? '');
    const forced = this.forced[key];
    if (forced) return forced;
    if (this.shared) return this.shared.getColor(key);
    let color = this.assigned.get(key);
    if (!color) {
      color = this.colors[this.assigned.size % this.colors.length]!;
      this.assigned.set(key, color);
    }
    return color;
  }

  /** Labels → colours handed out so far (dashboards persist them as shared_label_colors). */
  getColorMap(): Record<string, string> {
    return { ...(this.shared ? this.shared.getColorMap() : Object.fromEntries(this.assigned)), ...this.forced };
  }
}

const namespaces = new Map<string, CategoricalColorScale>();

/** One shared scale per scheme and namespace so charts on a dashboard agree on colours. */
export function getSharedColorScale(schemeId?: string | null, labelColors?: Record<string, string> | null, namespace = 'default'): CategoricalColorScale {
  if (labelColors && Object.keys(labelColors).length) return new CategoricalColorScale(schemeId, labelColors);
  const key = `${namespace}:${schemeId ?? ''}`;
  let scale = namespaces.get(key);
  if (!scale) {
    scale = new CategoricalColorScale(schemeId);
    namespaces.set(key, scale);
  }
  return scale;
}

const dashboardScales = new Map<string, CategoricalColorScale>();

const dashboardScaleOf = (dashboardId: number, schemeId?: string | null) => {
  const key = `${dashboardId}:${schemeId ?? ''}`;
  let scale = dashboardScales.get(key);
  if (!scale) {
    scale = new CategoricalColorScale(schemeId);
    dashboardScales.set(key, scale);
  }
  return scale;
};

/**
 * A chart's scale on a dashboard (Superset's shared label colours): the dashboard's and chart's `label_colors`
 * first, then one index per dashboard and scheme that every chart of it shares, so a label seen by several
 * charts gets one colour whichever chart drew it first.
 */
export function getDashboardColorScale(dashboardId: number, schemeId?: string | null, labelColors?: Record<string, string> | null): CategoricalColorScale {
  return new CategoricalColorScale(schemeId, labelColors, dashboardScaleOf(dashboardId, schemeId));
}

/** Labels -> colours the dashboard's charts have handed out so far (what a save may keep as shared_label_colors). */
export function dashboardLabelColors(dashboardId: number, schemeId?: string | null): Record<string, string> {
  return dashboardScales.get(`${dashboardId}:${schemeId ?? ''}`)?.getColorMap() ?? {};
}
