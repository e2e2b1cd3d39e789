import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ScreenshotError, Screenshotter } from './Screenshotter.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.info(`Screenshotter suite skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);

const quiet = { info: () => undefined, warn: () => undefined };

/** A page shaped like the app's standalone chart: a full-window element that says when it is done. */
function page(state: 'rendered' | 'failed' | 'loading', extra = ''): string {
  const html = `<body style="margin:0"><div data-test="standalone-chart" data-render-state="${state}" ${extra}
    style="position:fixed;inset:0;background:linear-gradient(90deg,#fff 50%,#1f77b4 50%)"></div></body>`;
  return `data:text/html,${encodeURIComponent(html)}`;
}

const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('Screenshotter without a browser', () => {
  it('fails each render with the reason, and keeps trying to launch on later renders', async () => {
    const shots = new Screenshotter({ executablePath: '/nonexistent/chromium', concurrency: 1, renderTimeoutMs: 5_000, log: quiet });
    const request = { url: page('rendered'), cookies: [], windowSize: [300, 200] as const, thumbSize: [300, 200] as const };
    await expect(shots.capture(request)).rejects.toThrow(ScreenshotError);
    await expect(shots.capture(request)).rejects.toThrow(/not found at \/nonexistent\/chromium \(set CHROMIUM_PATH\)/);
    await shots.close();
  });
});

describe.skipIf(!hasChromium)('Screenshotter with Chromium', () => {
  // A roomy deadline: a browser launch on a loaded CI machine takes seconds. The deadline test has its own.
  const shots = new Screenshotter({ executablePath: CHROMIUM, concurrency: 2, renderTimeoutMs: 30_000, log: quiet });
  afterAll(async () => {
    await shots.close();
  });

  it('pictures the chart element once the page says it is rendered, at the window size', async () => {
    const png = await shots.capture({ url: page('rendered'), cookies: [], windowSize: [640, 360], thumbSize: [640, 360] });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(size(png)).toEqual([640, 360]);
  });

  it('scales the picture to the asked size', async () => {
    const png = await shots.capture({ url: page('rendered'), cookies: [], windowSize: [800, 600], thumbSize: [200, 100] });
    expect(size(png)).toEqual([200, 100]);
  });

  it('reports the reason the page gives for a failed chart', async () => {
    const failed = shots.capture({ url: page('failed', 'data-render-error="Column x does not exist"'), cookies: [], windowSize: [300, 200], thumbSize: [300, 200] });
    await expect(failed).rejects.toThrow('the chart failed to render: Column x does not exist');
  });

  it('gives up on a page that never finishes at the deadline', async () => {
    const quick = new Screenshotter({ executablePath: CHROMIUM, concurrency: 1, renderTimeoutMs: 4_000, log: quiet });
    try {
      const started = Date.now();
      const stuck = quick.capture({ url: page('loading'), cookies: [], windowSize: [300, 200], thumbSize: [300, 200] });
      await expect(stuck).rejects.toThrow(/did not finish rendering within 4 s/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await quick.close();
    }
  });

  it('renders several requests, and launches a new browser after the old one went away', async () => {
    const request = { url: page('rendered'), cookies: [], windowSize: [300, 200] as const, thumbSize: [300, 200] as const };
    const pngs = await Promise.all([1, 2, 3, 4].map(() => shots.capture(request)));
    expect(pngs.map(size)).toEqual([[300, 200], [300, 200], [300, 200], [300, 200]]);
    // Stands in for a crash: the browser disconnects under the screenshotter.
    const browser = await (shots as unknown as { browser: Promise<{ close(): Promise<void> }> }).browser;
    await browser.close();
    expect(size(await shots.capture(request))).toEqual([300, 200]);
  });
});
