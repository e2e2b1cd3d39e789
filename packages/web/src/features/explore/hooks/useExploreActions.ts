import { useCallback } from 'react';
import type { FormData, QueryContextInput } from '@tessera/core';
import { downloadChartData } from '../../../api/chartDataApi';
import { saveBlob } from '../../../api/download';
import { useCreateExplorePermalinkMutation } from '../../../api/exploreApi';
import { getChartPlugin } from '../../chart';
import { getClientErrorObject, useCopyToClipboard } from '../../errors';
import { useToasts } from '../../toasts';
import { getChartImage } from '../../../viz/echarts/chartImage';
import type { ChartPlugin } from '../../../viz/types';
import { useExploreState } from '../state/ExploreContext';

const fileBase = (name: string) => name.trim().replace(/[^\w.-]+/g, '_') || 'chart';

/** The bytes of a `data:` URL, decoded here: our CSP (connect-src 'self') does not let fetch() read data: URLs. */
function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const [, type = '', base64, payload = ''] = match;
  const mime = type.split(';')[0] || 'application/octet-stream';
  if (!base64) return new Blob([decodeURIComponent(payload)], { type: mime });
  const binary = atob(payload);
  return new Blob([Uint8Array.from(binary, (char) => char.charCodeAt(0))], { type: mime });
}

/** Downloads (CSV, XLSX, PNG) and the copy-permalink action of the explorer's menu. */
/**
 * The query a CSV/XLSX download runs: every row up to the row limit, not the page a server-paginated table
 * shows (Superset drops the paging for downloads too).
 */
export function downloadQuery(plugin: Pick<ChartPlugin, 'buildQuery'>, formData: FormData): QueryContextInput {
  return plugin.buildQuery(formData.server_pagination ? { ...formData, server_pagination: false } : formData);
}

export function useExploreActions() {
  const { formData, sliceName } = useExploreState();
  const [createPermalink] = useCreateExplorePermalinkMutation();
  const copy = useCopyToClipboard();
  const { addDangerToast } = useToasts();

  const download = useCallback(
    async (format: 'csv' | 'xlsx') => {
      const plugin = getChartPlugin(formData.viz_type);
      if (!plugin) return;
      try {
        await downloadChartData(downloadQuery(plugin, formData), format, fileBase(sliceName));
      } catch (error) {
        addDangerToast(getClientErrorObject(error instanceof Error && 'clientError' in error ? (error as { clientError: unknown }).clientError : error).error);
      }
    },
    [formData, sliceName, addDangerToast],
  );

  const downloadImage = useCallback(async () => {
    const node = document.querySelector<HTMLElement>('[data-test="chart-container"]');
    if (!node) return;
    try {
      // ECharts exports its own canvas; other charts are rasterised from the DOM.
      const dataUrl = await getChartImage(node);
      if (!dataUrl) throw new Error('no image');
      saveBlob(dataUrlToBlob(dataUrl), `${fileBase(sliceName)}.png`);
    } catch {
      addDangerToast('Sorry, something went wrong. Try again later.');
    }
  }, [sliceName, addDangerToast]);

  const copyPermalink = useCallback(async () => {
    try {
      const urlParams = [...new URLSearchParams(window.location.search).entries()] as [string, string][];
      const { url } = await createPermalink({ formData, urlParams }).unwrap();
      await copy(url);
    } catch (error) {
      addDangerToast(getClientErrorObject(error).error);
    }
  }, [formData, createPermalink, copy, addDangerToast]);

  return { download, downloadImage, copyPermalink };
}
