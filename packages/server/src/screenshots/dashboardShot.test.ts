import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardShooter, type DashboardCaptureRequest } from './dashboardShot.js';
import { Screenshotter } from './Screenshotter.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.info(`dashboard shot suite skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);

const quiet = { info: () => undefined, warn: () => undefined };
const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

/** A page shaped like the report mode dashboard: an element that says when it is done, `height` px tall, in the document flow. */
function page(state: 'rendered' | 'failed' | 'loading', height: number, extra = ''): string {
  const html = `<body style="margin:0"><div data-test="dashboard-report" data-render-state="${state}" ${extra}
    style="height:${height}px;background:linear-gradient(180deg,#fff 50%,#1f77b4 50%)"></div></body>`;
  return `data:text/html,${encodeURIComponent(html)}`;
}

const request = (url: string, more: Partial<DashboardCaptureRequest> = {}): DashboardCaptureRequest => ({
  url,
  cookies: [],
  windowSize: [800, 600],
  thumbSize: null,
  pdf: false,
  ...more,
});

describe.skipIf(!hasChromium)('dashboard report pictured by Chromium', () => {
  const shots = new Screenshotter({ executablePath: CHROMIUM, concurrency: 2, renderTimeoutMs: 30_000, log: quiet });
  afterAll(async () => {
    await shots.close();
  });
  const capture = (r: DashboardCaptureRequest) => shots.captureWith(r, 'dashboard', dashboardShooter(r));

  it('pictures the whole dashboard, below the fold too, and prints a PDF when asked', async () => {
    const shot = await capture(request(page('rendered', 1500), { pdf: true }));
    expect(size(shot.png)).toEqual([800, 1500]);
    expect(shot.pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('scales the top of the dashboard to a thumbnail', async () => {
    const shot = await capture(request(page('rendered', 1500), { windowSize: [1600, 1200], thumbSize: [400, 300] }));
    expect(size(shot.png)).toEqual([400, 300]);
    expect(shot.pdf).toBeNull();
  });

  it('reports the reason the page gives for a dashboard that failed', async () => {
    await expect(capture(request(page('failed', 500, 'data-render-error="Dashboard does not exist"')))).rejects.toThrow(
      'the dashboard failed to render: Dashboard does not exist',
    );
  });

  it('gives up at the deadline on a page that never finishes, naming the dashboard', async () => {
    const r = request(page('loading', 500));
    await expect(shots.captureWith(r, 'dashboard', dashboardShooter(r), 3_000)).rejects.toThrow(/the dashboard did not finish rendering within 3 s/);
  });
});
