import rison from 'rison';
import type { BundleResource, ImportPasswords, ImportResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import type { HttpError } from './httpTypes';
import { LIST_ID, type TagType } from './tags';
import { filenameOf } from './download';

/** What an import may have added or changed, per resource imported (a chart brings its dataset and database). */
const IMPORT_TAGS: Record<BundleResource, TagType[]> = {
  chart: ['Chart', 'Dataset', 'Database'],
  dataset: ['Dataset', 'Database'],
  database: ['Database', 'Dataset'],
  dashboard: ['Dashboard', 'Chart', 'Dataset', 'Database'],
};

export interface ImportBundleArgs {
  resource: BundleResource;
  file: File;
  overwrite: boolean;
  passwords: ImportPasswords;
}

export const importExportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/v1/<resource>/import/` (multipart): `formData` the bundle, `overwrite`, `passwords` as JSON. */
    importBundle: build.mutation<ImportResponse, ImportBundleArgs>({
      query: ({ resource, file, overwrite, passwords }) => {
        const body = new FormData();
        body.append('formData', file, file.name);
        body.append('overwrite', String(overwrite));
        body.append('passwords', JSON.stringify(passwords));
        return { url: `/api/v1/${resource}/import/`, method: 'POST', body, timeout: 120_000 };
      },
      invalidatesTags: (_result, error, { resource }) => (error ? [] : IMPORT_TAGS[resource].map((type) => ({ type, id: LIST_ID }))),
    }),
  }),
});

export const { useImportBundleMutation } = importExportApi;

/**
 * `GET /api/v1/<resource>/export/?q=!(ids)`: the ZIP as a Blob with the name the server gives it. A failure
 * rejects with the base query's HttpError shape, so the usual error helpers read it.
 */
export async function fetchExport(resource: BundleResource, ids: readonly number[]): Promise<{ blob: Blob; filename: string }> {
  const response = await globalThis.fetch(`/api/v1/${resource}/export/?q=${encodeURIComponent(rison.encode([...ids]))}`, {
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const error: HttpError = { status: response.status, statusText: response.statusText, data };
    throw error;
  }
  return { blob: await response.blob(), filename: filenameOf(response, `${resource}_export.zip`) };
}
