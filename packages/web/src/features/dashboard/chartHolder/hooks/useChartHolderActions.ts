import { useCallback, type RefObject } from 'react';
import type { FormData } from '@tessera/core';
import { ChartDataError, downloadChartData } from '../../../../api/chartDataApi';
import { saveBlob } from '../../../../api/download';
import { useCreateExplorePermalinkMutation } from '../../../../api/exploreApi';
import { getChartPlugin } from '../../../chart';
import { getClientErrorObject, useCopyToClipboard } from '../../../errors';
import { useToasts } from '../../../toasts';

const failureText = (error: unknown): string => (error instanceof ChartDataError ? error.clientError.error : getClientErrorObject(error).error);

/** A file name from the chart's title. */
export const fileBase = (name: string) => name.trim().replace(/[^\w.-]+/g, '_') || 'chart';

/** The bytes of a `data:` URL, decoded here: the CSP (connect-src 'self') does not let fetch() read data: URLs. */
function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const [, type = '', base64, payload = ''] = match;
  const mime = type.split(';')[0] || 'application/octet-stream';
  if (!base64) return new Blob([decodeURIComponent(payload)], { type: mime });
  const binary = atob(payload);
  return new Blob([Uint8Array.from(binary, (char) => char.charCodeAt(0))], { type: mime });
}

/** Downloads (CSV, XLSX, image) and the chart permalink of a chart holder's menu. */
export function useChartHolderActions(formData: FormData | null, sliceName: string, chartNode: RefObject<HTMLElement | null>) {
  const [createPermalink] = useCreateExplorePermalinkMutation();
  const copy = useCopyToClipboard();
  const { addDangerToast } = useToasts();

  const download = useCallback(
    async (format: 'csv' | 'xlsx') => {
      const plugin = formData ? getChartPlugin(formData.viz_type) : undefined;
      if (!plugin || !formData) return;
      try {
        // Every row up to the row limit, not the page a server-paginated table shows.
        const query = plugin.buildQuery(formData.server_pagination ? { ...formData, server_pagination: false } : formData);
        await downloadChartData(query, format, fileBase(sliceName));
      } catch (error) {
        addDangerToast(failureText(error));
      }
    },
    [formData, sliceName, addDangerToast],
  );

  const downloadImage = useCallback(async () => {
    const node = chartNode.current?.querySelector<HTMLElement>('[data-test="chart-container"]') ?? chartNode.current;
    if (!node) return;
    try {
      // Loaded on use: the image code (ECharts export or a DOM capture) stays out of the dashboard's first load.
      const { getChartImage } = await import('../../../../viz/echarts/chartImage');
      const dataUrl = await getChartImage(node);
      if (!dataUrl) throw new Error('no image');
      saveBlob(dataUrlToBlob(dataUrl), `${fileBase(sliceName)}.png`);
    } catch {
      addDangerToast('Sorry, something went wrong. Try again later.');
    }
  }, [chartNode, sliceName, addDangerToast]);

  /** Copies the explore permalink of the chart as the dashboard shows it (its filters included). */
  const copyPermalink = useCallback(async () => {
    if (!formData) return;
    try {
      const { url } = await createPermalink({ formData, urlParams: [] }).unwrap();
      await copy(new URL(url, window.location.origin).href);
    } catch (error) {
      addDangerToast(getClientErrorObject(error).error);
    }
  }, [formData, createPermalink, copy, addDangerToast]);

  return { download, downloadImage, copyPermalink };
}
