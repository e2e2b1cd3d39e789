import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import type { NativeFilterConfig } from '@tessera/core';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { filterConfigChanged, useFilterBarDispatch } from '../state/filterBarActions';
import { filterBarOrientation } from './filterBarOrientation';
import { HorizontalFilterBar } from './HorizontalFilterBar';
import { useControlsReady } from './useControlsReady';
import { useFilterBarCollapsed } from './useFilterBarCollapsed';
import { useFilterBarModel } from './useFilterBarModel';
import { useOrientationSave } from './useOrientationSave';
import { VerticalFilterBar } from './VerticalFilterBar';

// Only editors open the configuration modal, and only on demand.
const FiltersConfigModal = lazy(() => import('../config').then((m) => ({ default: m.FiltersConfigModal })));

const NO_FILTERS: NativeFilterConfig[] = [];

export interface FilterBarProps {
  /** Editors get the settings menu and "+ Add or edit filters". */
  canEdit: boolean;
  /**
   * Mounted but not shown (edit mode, report mode): the controls still run, so that filters selecting their first
   * value give it to their charts, as Superset keeps a hidden bar.
   */
  hidden?: boolean;
  /** The address's `expand_filters`: opens (true) or folds (false) the vertical bar on load; null keeps its stored state. */
  expandFilters?: boolean | null;
  /** The json_metadata was saved from the bar (its orientation). */
  onMetadataSaved?: () => void;
}

/** The native filter bar (spec §2, facts §4.1): vertical column or horizontal row, per `filter_bar_orientation`. */
export function FilterBar({ canEdit, hidden = false, expandFilters = null, onMetadataSaved }: FilterBarProps) {
  const dispatch = useFilterBarDispatch();
  const model = useFilterBarModel();
  const dashboardId = useSelector((s: object) => selectDashboardState(s).id);
  const orientation = useSelector((s: object) => filterBarOrientation(selectDashboardState(s).metadata));
  const configuration = useSelector((s: object) => selectDashboardState(s).metadata.native_filter_configuration ?? NO_FILTERS);
  const [collapsed, setCollapsed] = useFilterBarCollapsed(dashboardId, expandFilters);
  const [modal, setModal] = useState<{ open: boolean; initialFilterId?: string }>({ open: false });
  const controlsReady = useControlsReady();
  const saveOrientation = useOrientationSave(onMetadataSaved);

  // A saved configuration resets the values of changed filters to their defaults and drops deleted ones.
  // Another dashboard's configuration is no change: its masks came with its load.
  const previous = useRef({ dashboardId, configuration });
  useEffect(() => {
    const prior = previous.current;
    if (prior.configuration === configuration && prior.dashboardId === dashboardId) return;
    previous.current = { dashboardId, configuration };
    if (prior.dashboardId === dashboardId) dispatch(filterConfigChanged(prior.configuration, configuration));
  }, [configuration, dashboardId, dispatch]);

  const openModal = () => setModal({ open: true });
  const onOrientationChange = (next: 'VERTICAL' | 'HORIZONTAL') => void saveOrientation(next);
  const bar =
    orientation === 'HORIZONTAL' ? (
      <HorizontalFilterBar model={model} canEdit={canEdit} onEditFilters={openModal} onOrientationChange={onOrientationChange} controlsReady={controlsReady} />
    ) : (
      <VerticalFilterBar
        model={model}
        canEdit={canEdit}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        onEditFilters={openModal}
        onOrientationChange={onOrientationChange}
        controlsReady={controlsReady}
      />
    );
  return (
    <>
      {hidden ? <div style={{ display: 'none' }}>{bar}</div> : bar}
      {modal.open && canEdit ? (
        <Suspense fallback={null}>
          <FiltersConfigModal open initialFilterId={modal.initialFilterId} onClose={() => setModal({ open: false })} />
        </Suspense>
      ) : null}
    </>
  );
}
