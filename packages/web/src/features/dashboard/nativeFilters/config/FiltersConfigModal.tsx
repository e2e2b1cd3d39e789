import { lazy, Suspense } from 'react';

export interface FiltersConfigModalProps {
  open: boolean;
  /** The filter to select first (the bar's "edit" on one filter); a new filter when `'new'`. */
  initialFilterId?: string;
  onClose: () => void;
}

// Only editors open it: its code (forms, the explorer's filter controls) loads on first open.
const FiltersConfigModalView = lazy(() => import('./components/FiltersConfigModalView').then((m) => ({ default: m.FiltersConfigModalView })));

/** The native filter configuration modal, "Add and edit filters"; mounted only while open, so each opening starts from the stored filters. */
export function FiltersConfigModal(props: FiltersConfigModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <FiltersConfigModalView {...props} />
    </Suspense>
  );
}
