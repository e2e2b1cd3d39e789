/**
 * Brings a filter of the bar into view and focuses its control (Superset's badge scrolls the bar to the filter the
 * user clicked): a native filter by its id, a cross-filter by its emitting chart's id. Nothing when the bar does
 * not show it (collapsed, hidden in "More filters").
 */
export function focusFilterInBar(id: string): void {
  const selector = /^\d+$/.test(id) ? `[data-test="cross-filter-item"][data-chart-id="${id}"]` : `[data-test="filter-bar-item"][data-filter-id="${id.replaceAll('"', '\\"')}"]`;
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.querySelector<HTMLElement>('input, button, [tabindex]:not([tabindex="-1"])')?.focus({ preventScroll: true });
}
