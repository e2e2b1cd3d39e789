/** "Share permalink by email": a mailto link naming the dashboard (Superset's wording). */
export function dashboardEmailHref(title: string, permalink: string): string {
  const subject = `Tessera Dashboard: ${title || 'Untitled dashboard'}`;
  return `mailto:?Subject=${encodeURIComponent(subject)}&Body=${encodeURIComponent(`Check out this dashboard: ${permalink}`)}`;
}

/** "Embed code": an iframe of the permalink in standalone mode (the dashboard without the app's navigation). */
export function dashboardEmbedCode(permalink: string, width = '100%', height = '800'): string {
  const url = new URL(permalink, 'http://placeholder.invalid');
  url.searchParams.set('standalone', '1');
  const src = /^https?:/.test(permalink) ? url.toString() : `${url.pathname}${url.search}`;
  const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<iframe\n  width="${attr(width)}"\n  height="${attr(height)}"\n  seamless\n  frameBorder="0"\n  scrolling="no"\n  src="${attr(src)}"\n>\n</iframe>`;
}
