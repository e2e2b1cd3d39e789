import { useCallback, useState } from 'react';
import type { BundleResource } from '@tessera/core';
import { saveBlob } from '../../../api/download';
import { fetchExport } from '../../../api/importExportApi';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';

/** Downloads an export ZIP of the given objects; a failure is toasted. `exporting` is true meanwhile. */
export function useExportBundle(resource: BundleResource) {
  const { addDangerToast } = useToasts();
  const [exporting, setExporting] = useState(false);
  const exportIds = useCallback(
    async (ids: readonly number[]) => {
      if (ids.length === 0) return;
      setExporting(true);
      try {
        const { blob, filename } = await fetchExport(resource, ids);
        saveBlob(blob, filename);
      } catch (caught) {
        addDangerToast(`There was an issue exporting the selected ${resource}s: ${getClientErrorObject(caught).error}`);
      } finally {
        setExporting(false);
      }
    },
    [resource, addDangerToast],
  );
  return { exportIds, exporting };
}
