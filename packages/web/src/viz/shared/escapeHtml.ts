/**
 * Text for an ECharts tooltip, which ECharts sets as HTML: names and values come from the data and the
 * chart's settings, so any of them could carry markup or a script. The markup around them is ours alone.
 */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
