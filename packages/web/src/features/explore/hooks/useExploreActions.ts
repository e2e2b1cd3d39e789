import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { FormData, QueryContextInput } from '@tessera/core';
import { ChartDataError, downloadChartData, fetchChartData, fetchChartQuery } from '../../../api/chartDataApi';
import { saveBlob } from '../../../api/download';
import { useCreateExplorePermalinkMutation } from '../../../api/exploreApi';
import { getChartPlugin } from '../../chart';
import { getClientErrorObject, useCopyToClipboard } from '../../errors';
import { useToasts } from '../../toasts';
import { ROUTES } from '../../../routes';
import { getChartImage } from '../../../viz/echarts/chartImage';
import type { ChartPlugin } from '../../../viz/types';
import { useExploreState } from '../state/ExploreContext';
import { shareByEmailHref } from '../utils/embedCode';
import { sqlLabRequestFor } from '../utils/sqlLabRequest';

/** What a failed chart-data call tells the user: the engine's normalised error, else the client's reading of it. */
const failureText = (error: unknown): string => (error instanceof ChartDataError ? error.clientError.error : getClientErrorObject(error).error);

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
  const { formData, sliceName, datasource } = useExploreState();
  const navigate = useNavigate();
  const [createPermalink] = useCreateExplorePermalinkMutation();
  const copy = useCopyToClipboard();
  const { addDangerToast } = useToasts();

  const download = useCallback(
    async (format: 'csv' | 'xlsx' | 'json') => {
      const plugin = getChartPlugin(formData.viz_type);
      if (!plugin) return;
      try {
        await downloadChartData(downloadQuery(plugin, formData), format, fileBase(sliceName));
      } catch (error) {
        addDangerToast(failureText(error));
      }
    },
    [formData, sliceName, addDangerToast],
  );

  /** "Export to Pivoted .CSV": the chart's rows reshaped as the chart draws them (pivot table), made here. */
  const downloadPivoted = useCallback(async () => {
    const plugin = getChartPlugin(formData.viz_type);
    if (!plugin?.pivotedCsv) return;
    try {
      const queriesData = await fetchChartData(downloadQuery(plugin, formData));
      const csv = plugin.pivotedCsv({ formData, queriesData, width: 0, height: 0, ...(datasource ? { datasource } : {}) });
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileBase(sliceName)}.csv`);
    } catch (error) {
      addDangerToast(failureText(error));
    }
  }, [formData, datasource, sliceName, addDangerToast]);

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

  /** A permalink of the explorer as it stands (form data and address parameters). */
  const makePermalink = useCallback(async () => {
    const urlParams = [...new URLSearchParams(window.location.search).entries()] as [string, string][];
    try {
      return (await createPermalink({ formData, urlParams }).unwrap()).url;
    } catch (error) {
      throw new Error(getClientErrorObject(error).error, { cause: error });
    }
  }, [formData, createPermalink]);

  const copyPermalink = useCallback(async () => {
    try {
      await copy(await makePermalink());
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : String(error));
    }
  }, [makePermalink, copy, addDangerToast]);

  /** Superset's "Share permalink by email": the mail client opens with the chart's permalink. */
  const emailPermalink = useCallback(async () => {
    try {
      window.location.href = shareByEmailHref(sliceName, await makePermalink());
    } catch (error) {
      addDangerToast(error instanceof Error ? error.message : String(error));
    }
  }, [makePermalink, sliceName, addDangerToast]);

  /** Superset's "Run in SQL Lab": the chart's SQL in a new SQL Lab tab on the dataset's database and schema. */
  const runInSqlLab = useCallback(async () => {
    const plugin = getChartPlugin(formData.viz_type);
    if (!plugin || !datasource) return;
    try {
      const sql = (await fetchChartQuery(plugin.buildQuery(formData))).map((q) => q.query).join(';\n\n');
      void navigate(ROUTES.sqlLab, { state: { requestedQuery: { ...sqlLabRequestFor(datasource), sql } } });
    } catch (error) {
      addDangerToast(failureText(error));
    }
  }, [formData, datasource, navigate, addDangerToast]);

  return { download, downloadPivoted, downloadImage, copyPermalink, emailPermalink, makePermalink, runInSqlLab };
}
