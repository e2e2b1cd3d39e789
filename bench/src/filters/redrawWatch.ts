import type { Page } from 'playwright-core';

/**
 * Installed before navigation (a string: it runs in the page as written): after every DOM change (a mutation
 * observer, so no commit between two frames is missed), notes each chart holder's status and the time it last
 * *became* settled (drawn, empty or failed) after being something else, so a re-draw after Apply is told apart from
 * the drawing still on screen from before.
 */
export const WATCH_REDRAWS = `(() => {
  const bench = (window.__redraw = { last: {}, settledAt: {} });
  const statusOf = (holder) => {
    const container = holder.querySelector('[data-test="chart-container"]');
    if (container) return container.getAttribute('data-status') === 'rendered' ? 'rendered' : 'busy:' + container.getAttribute('data-status');
    if (holder.querySelector('[data-test="chart-empty"]')) return 'empty';
    if (holder.querySelector('[data-test="chart-error"]')) return 'error';
    return 'busy';
  };
  const scan = () => {
    for (const holder of document.querySelectorAll('[data-test="dashboard-component-chart-holder"]')) {
      const id = holder.getAttribute('data-chart-id');
      if (!id) continue;
      const now = statusOf(holder);
      const before = bench.last[id];
      if (now !== before) {
        bench.last[id] = now;
        if (!now.startsWith('busy')) bench.settledAt[id] = performance.now();
      }
    }
  };
  const start = () => {
    new MutationObserver(scan).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    scan();
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
})()`;

type RedrawWindow = { __redraw: { last: Record<string, string>; settledAt: Record<string, number> } };

/** Clicks `selector` from inside the page (the time is taken in the same frame) and answers that time. */
export const clickAt = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const button = document.querySelector(sel) as HTMLElement | null;
    if (!button) throw new Error(`nothing matches ${sel}`);
    const t = performance.now();
    button.click();
    return t;
  }, selector);

/** Waits until every chart settled again after `since`; answers the last one's time and the charts not drawn. */
export async function waitForRedraw(page: Page, chartIds: number[], since: number, timeoutMs = 60_000): Promise<{ t: number; notDrawn: string[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(() => (window as unknown as RedrawWindow).__redraw);
    const times = chartIds.map((id) => state.settledAt[String(id)] ?? 0);
    if (times.every((t) => t > since)) {
      return { t: Math.max(...times), notDrawn: chartIds.filter((id) => state.last[String(id)] !== 'rendered').map((id) => `${id}: ${state.last[String(id)]}`) };
    }
    if (Date.now() > deadline) {
      const waiting = chartIds.filter((id) => (state.settledAt[String(id)] ?? 0) <= since);
      throw new Error(`charts not re-drawn within ${timeoutMs / 1000} s: ${waiting.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
