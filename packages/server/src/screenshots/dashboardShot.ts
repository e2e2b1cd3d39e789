import type { BrowserContext, Page } from 'playwright-core';
import { STANDALONE_DASHBOARD } from '@tessera/core';
import { LOGIN_PAGE_SELECTOR, scale, ScreenshotError, type PageRequest, type PageShooter } from './Screenshotter.js';

export interface DashboardCaptureRequest extends PageRequest {
  /** The picture's size (scaled from the top of the dashboard, cropped to its aspect ratio); null keeps the whole dashboard as drawn. */
  thumbSize: readonly [number, number] | null;
  /** Also print the dashboard to a one-page PDF (Chromium's own printing: text stays text). */
  pdf: boolean;
}

export interface DashboardCapture {
  png: Buffer;
  pdf: Buffer | null;
}

const REPORT = `[data-test="${STANDALONE_DASHBOARD.testId}"]`;
const DONE = `${REPORT}[${STANDALONE_DASHBOARD.stateAttribute}="rendered"], ${REPORT}[${STANDALONE_DASHBOARD.stateAttribute}="failed"]`;
/** Chromium draws nothing taller than this in one picture (its largest texture); longer dashboards are cut there. */
export const MAX_DASHBOARD_HEIGHT = 16_384;

/** Two animation frames: enough for the grid to lay out again after the window grew. */
const SETTLE = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))';
/** The report's full height: its own scrolling content, or its box when the document scrolls instead. */
const FULL_HEIGHT = `(() => {
  const el = document.querySelector('${REPORT}');
  return el ? Math.max(el.scrollHeight, el.getBoundingClientRect().height) : 0;
})()`;

/**
 * Pictures the dashboard report page (`standalone=3`, core's STANDALONE_DASHBOARD): waits until the page says every
 * chart is drawn (or failed), grows the window to the dashboard's full height so charts below the fold are in the
 * picture, then takes the report element, and prints the page when a PDF is asked. Page code is plain JavaScript
 * expressions: dev runners (tsx) add helpers to compiled functions that do not exist in the page.
 */
export function dashboardShooter(request: DashboardCaptureRequest): PageShooter<DashboardCapture> {
  return async (page: Page, context: BrowserContext) => {
    const response = await page.goto(request.url, { waitUntil: 'domcontentloaded' });
    if (response && !response.ok()) throw new ScreenshotError(`the app answered ${response.status()} for ${request.url}`);
    await page.locator(`${DONE}, ${LOGIN_PAGE_SELECTOR}`).first().waitFor({ state: 'attached' });
    if ((await page.locator(LOGIN_PAGE_SELECTOR).count()) > 0) throw new ScreenshotError('the app asked the render user to log in (session refused)');
    const report = page.locator(REPORT).first();
    if ((await report.getAttribute(STANDALONE_DASHBOARD.stateAttribute)) === 'failed') {
      const reason = (await report.getAttribute(STANDALONE_DASHBOARD.errorAttribute)) ?? 'unknown error';
      throw new ScreenshotError(`the dashboard failed to render: ${reason}`);
    }
    const [width, height] = request.windowSize;
    const fullHeight = Number(await page.evaluate(FULL_HEIGHT));
    const drawnHeight = Math.min(MAX_DASHBOARD_HEIGHT, Math.max(height, Math.ceil(fullHeight)));
    if (drawnHeight > height) {
      await page.setViewportSize({ width, height: drawnHeight });
      await page.evaluate(SETTLE);
    }
    let png = await report.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    if (request.thumbSize) {
      const box = await report.boundingBox();
      const [tw, th] = request.thumbSize;
      if (!box || Math.round(box.width) !== tw || Math.round(box.height) !== th) png = await scale(context, png, request.thumbSize);
    }
    let pdf: Buffer | null = null;
    if (request.pdf) {
      // As it shows on screen, on one page the size of the drawn window: a dashboard is not a document to paginate.
      await page.emulateMedia({ media: 'screen' });
      pdf = await page.pdf({ width: `${width}px`, height: `${drawnHeight}px`, printBackground: true, pageRanges: '1' });
    }
    return { png, pdf };
  };
}
