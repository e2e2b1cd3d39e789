/**
 * A PNG data URL of the chart drawn inside `container`: ECharts canvases are exported by ECharts itself (crisp,
 * white background); other charts (tables, big numbers) are rasterised from the DOM. Loaded lazily so callers do
 * not pull echarts or html-to-image into their bundle.
 */
export async function getChartImage(container: HTMLElement): Promise<string | null> {
  const echartsDom = container.querySelector<HTMLElement>('[_echarts_instance_]');
  if (echartsDom) {
    const { getInstanceByDom } = await import('echarts/core');
    const instance = getInstanceByDom(echartsDom);
    if (instance) return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  }
  const { toPng } = await import('html-to-image');
  try {
    return await toPng(container, { backgroundColor: '#fff' });
  } catch {
    return null;
  }
}
