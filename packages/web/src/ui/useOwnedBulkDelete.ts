import { useCallback, useState, type Key } from 'react';

export interface Deleting<R> {
  items: R[];
  /** Selected rows the user may not delete: named in the dialog, and left alone. */
  kept: R[];
}

const NOTHING = { items: [], kept: [] };

/**
 * Bulk select and delete of a list of owned objects (charts, dashboards). Bulk delete is all or nothing on the
 * server: only the user's own rows go to it, the others are named and kept; when none is theirs, `onNoneDeletable`
 * says so instead of opening the dialog.
 */
export function useOwnedBulkDelete<R extends { id: number }>(rows: readonly R[], canModify: (row: R) => boolean, onNoneDeletable: () => void) {
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [deleting, setDeleting] = useState<Deleting<R>>(NOTHING);
  const toggleBulkSelect = () => {
    setBulkSelect((on) => !on);
    setSelected([]);
  };
  const deleteSelected = () => {
    const chosen = rows.filter((row) => selected.includes(row.id));
    const mine = chosen.filter(canModify);
    if (mine.length === 0) {
      onNoneDeletable();
      return;
    }
    setDeleting({ items: mine, kept: chosen.filter((row) => !canModify(row)) });
  };
  // Stable: the pages' column definitions are memoised on them.
  const deleteOne = useCallback((row: R) => setDeleting({ items: [row], kept: [] }), []);
  const closeDelete = useCallback(() => setDeleting(NOTHING), []);
  return {
    bulkSelect,
    toggleBulkSelect,
    selected,
    setSelected,
    deleting,
    deleteOne,
    deleteSelected,
    closeDelete,
  };
}
