/**
 * Superset's "Embed code": an iframe on the chart's permalink in standalone mode (only the chart, no
 * explorer around it), sized by the user.
 */
export function embedCode(permalink: string, width: number, height: number): string {
  const url = new URL(permalink, 'http://placeholder.invalid');
  url.searchParams.set('standalone', '1');
  url.searchParams.set('height', String(height));
  const src = permalink.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`;
  return `<iframe\n  width="${width}"\n  height="${height}"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="${src.replaceAll('"', '&quot;')}"\n>\n</iframe>`;
}

/** Superset's "Share permalink by email": a mailto link with the chart's name and its permalink. */
export function shareByEmailHref(sliceName: string, permalink: string): string {
  const subject = `Tessera Chart: ${sliceName || 'Untitled chart'}`;
  return `mailto:?Subject=${encodeURIComponent(subject)}&Body=${encodeURIComponent(`Check out this chart: ${permalink}`)}`;
}
