import { getCategoricalScheme } from './schemes';

/**
 * Assigns scheme colours to labels in first-seen order and keeps them: the same series keeps its colour when
 * a filter hides others. Explicit `label_colors` (form data or dashboard metadata) win over the scheme.
 */
export class CategoricalColorScale {
  private readonly colors: readonly string[];
  private readonly assigned = new Map<string, string>();
  private readonly forced: Record<string, string>;

  constructor(schemeId?: string | null, labelColors?: Record<string, string> | null) {
    this.colors = getCategoricalScheme(schemeId).colors;
    this.forced = labelColors ?? {};
  }

  getColor(label: unknown): string {
    const key = String(label ?? '');
    const forced = this.forced[key];
    if (forced) return forced;
    let color = this.assigned.get(key);
    if (!color) {
      color = this.colors[this.assigned.size % this.colors.length]!;
      this.assigned.set(key, color);
    }
    return color;
  }

  /** Labels → colours handed out so far (dashboards persist them as shared_label_colors). */
  getColorMap(): Record<string, string> {
    return { ...Object.fromEntries(this.assigned), ...this.forced };
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
