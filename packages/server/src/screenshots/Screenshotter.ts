import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STANDALONE_CHART } from '@tessera/core';

/** A render that could not produce a picture; the message says why, for the log and the cache. */
export class ScreenshotError extends Error {
  override name = 'ScreenshotError';
}

export interface CaptureRequest {
  /** The standalone chart page, absolute. */
  url: string;
  /** Cookies for the page's origin (the render user's session). */
  cookies: { name: string; value: string }[];
  windowSize: readonly [number, number];
  /** The picture's size; the window's picture is scaled (and cropped to this aspect ratio) when they differ. */
  thumbSize: readonly [number, number];
}

/** A page to open for a render: where, as whom, in which window. */
export interface PageRequest {
  url: string;
  cookies: { name: string; value: string }[];
  windowSize: readonly [number, number];
}

/** Draws a picture (or more) of an opened page; runs under the render's deadline, its context closed after. */
export type PageShooter<T> = (page: Page, context: BrowserContext) => Promise<T>;

export interface ScreenshotterOptions {
  executablePath: string;
  /** Renders at once; each is a browser context and a chart query. */
  concurrency: number;
  /** From the page's first byte to the picture. */
  renderTimeoutMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const LAUNCH_TIMEOUT_MS = 30_000;
const CHART = `[data-test="${STANDALONE_CHART.testId}"]`;
const DONE = `${CHART}[${STANDALONE_CHART.stateAttribute}="rendered"], ${CHART}[${STANDALONE_CHART.stateAttribute}="failed"]`;
// The app sends a visitor without a valid session to its login page: the render would never finish.
const LOGIN = '[data-test="login-page"]';
/** The login page's marker, for other page shooters (dashboardShot.ts). */
export const LOGIN_PAGE_SELECTOR = LOGIN;

/**
 * Scales a PNG to width x height inside the page (canvas, high-quality smoothing), cropping from the top left to
 * the target's aspect ratio first, as Superset's resize does: no image library on the server. Plain JavaScript
 * text, not a compiled function: dev runners (tsx) add helpers to functions that do not exist in the page.
 */
const SCALE_IN_BROWSER = `async ([base64, width, height]) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const scale = Math.max(width / bitmap.width, height / bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width / scale, height / scale, 0, 0, width, height);
  const out = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let text = '';
  for (let i = 0; i < out.length; i += 0x8000) text += String.fromCharCode(...out.subarray(i, i + 0x8000));
  return btoa(text);
}`;

/** Scaling runs in a blank page of the render's context: the app's content security policy forbids eval. */
export async function scale(context: BrowserContext, png: Buffer, [width, height]: readonly [number, number]): Promise<Buffer> {
  const blank = await context.newPage();
  const args = JSON.stringify([png.toString('base64'), width, height]);
  return Buffer.from(await blank.evaluate<string>(`(${SCALE_IN_BROWSER})(${args})`), 'base64');
}

/**
 * Draws pictures of the app's standalone chart pages (and, through captureWith, of other pages) with one shared headless Chromium: launched on the first
 * render, launched again after a crash, closed with the app. A page (in its own context, so cookies never mix)
 * per render, a few at a time, each under a deadline. The only code that drives playwright-core.
 */
export class Screenshotter {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: ScreenshotterOptions) {}

  async capture(request: CaptureRequest): Promise<Buffer> {
    return this.captureWith(request, 'chart', async (page, context) => {
      const shot = await this.shoot(page, request);
      return shot.rescale ? await scale(context, shot.image, request.thumbSize) : shot.image;
    });
  }

  /**
   * Opens a page in a fresh context (its cookies set, under the render deadline and the concurrency cap) and hands it
   * to `shoot`: how other pages than the standalone chart (the dashboard report) are pictured with the same browser.
   * `subject` names what is drawn in the deadline's message.
   */
  async captureWith<T>(request: PageRequest, subject: string, shoot: PageShooter<T>, timeoutMs = this.options.renderTimeoutMs): Promise<T> {
    await this.acquire();
    try {
      return await this.render(request, subject, shoot, timeoutMs);
    } finally {
      this.releaseSlot();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const launched = this.browser;
    this.browser = null;
    const browser = await launched?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }

  private async acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next render; the count stays the same.
    if (next) next();
    else this.running -= 1;
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new ScreenshotError('the screenshotter is shut down'));
    if (this.browser) return this.browser;
    const { executablePath, log } = this.options;
    const launching = (async () => {
      if (!existsSync(executablePath)) throw new ScreenshotError(`Chromium was not found at ${executablePath} (set CHROMIUM_PATH)`);
      // Loaded on the first render: playwright-core is large (a quarter second and tens of MB at start-up),
      // and most server processes never take a screenshot.
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath, headless: true, timeout: LAUNCH_TIMEOUT_MS }).catch((err: unknown) => {
        const reason = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
        throw new ScreenshotError(`Chromium could not be launched from ${executablePath}: ${reason}`);
      });
      log.info({ executablePath, version: browser.version() }, 'screenshots: Chromium launched');
      browser.on('disconnected', () => {
        // A crash (or our close): the next render launches a new one.
        if (this.browser === launching) this.browser = null;
        if (!this.closed) log.warn({ executablePath }, 'screenshots: Chromium went away; it is launched again on the next render');
      });
      return browser;
    })();
    this.browser = launching;
    // A failed launch is not kept: the next render tries again (the binary may have been installed since).
    launching.catch(() => {
      if (this.browser === launching) this.browser = null;
    });
    return launching;
  }

  private async render<T>(request: PageRequest, subject: string, shoot: PageShooter<T>, timeoutMs: number): Promise<T> {
    const browser = await this.launch();
    const [width, height] = request.windowSize;
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, reducedMotion: 'reduce', serviceWorkers: 'block' });
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      void context.close().catch(() => undefined);
    }, timeoutMs);
    try {
      context.setDefaultTimeout(timeoutMs);
      if (request.cookies.length > 0) {
        const origin = new URL(request.url).origin;
        await context.addCookies(request.cookies.map((c) => ({ ...c, url: origin, httpOnly: true, sameSite: 'Lax' as const })));
      }
      return await shoot(await context.newPage(), context);
    } catch (err) {
      if (timedOut) throw new ScreenshotError(`the ${subject} did not finish rendering within ${Math.round(timeoutMs / 1000)} s`);
      if (err instanceof ScreenshotError) throw err;
      throw new ScreenshotError(`rendering failed: ${err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err)}`);
    } finally {
      clearTimeout(deadline);
      await context.close().catch(() => undefined);
    }
  }

  /** The chart element's picture, and whether it must be scaled to the requested size. */
  private async shoot(page: Page, request: CaptureRequest): Promise<{ image: Buffer; rescale: boolean }> {
    const response = await page.goto(request.url, { waitUntil: 'domcontentloaded' });
    if (response && !response.ok()) throw new ScreenshotError(`the app answered ${response.status()} for ${request.url}`);
    // The page says when its chart is drawn (or failed): no fixed sleep.
    await page.locator(`${DONE}, ${LOGIN}`).first().waitFor({ state: 'attached' });
    if ((await page.locator(LOGIN).count()) > 0) throw new ScreenshotError('the app asked the render user to log in (session refused)');
    const chart = page.locator(CHART);
    if ((await chart.getAttribute(STANDALONE_CHART.stateAttribute)) === 'failed') {
      const reason = (await chart.getAttribute(STANDALONE_CHART.errorAttribute)) ?? 'unknown error';
      throw new ScreenshotError(`the chart failed to render: ${reason}`);
    }
    const image = await chart.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    const box = await chart.boundingBox();
    const [width, height] = request.thumbSize;
    return { image, rescale: !box || Math.round(box.width) !== width || Math.round(box.height) !== height };
  }
}
