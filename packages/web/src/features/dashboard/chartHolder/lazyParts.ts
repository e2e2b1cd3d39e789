import { lazy } from 'react';

/*
 * What a chart holder shows only on demand (its modals and the right-click menu) loads when first opened: fifty
 * holders on the first screen need none of it, and the modals bring antd's Table and the explore data table.
 */
export const ViewQueryModal = lazy(() => import('../../explore/components/ViewQueryModal').then((m) => ({ default: m.ViewQueryModal })));
export const ViewResultsModal = lazy(() => import('./components/ViewResultsModal').then((m) => ({ default: m.ViewResultsModal })));
export const DrillDetailModal = lazy(() => import('./drill/DrillDetailModal').then((m) => ({ default: m.DrillDetailModal })));
export const DrillByModal = lazy(() => import('./drill/DrillByModal').then((m) => ({ default: m.DrillByModal })));
export const ChartContextMenu = lazy(() => import('./components/ChartContextMenu').then((m) => ({ default: m.ChartContextMenu })));
export const CrossFilterScopingModal = lazy(() => import('../nativeFilters/crossFilters').then((m) => ({ default: m.CrossFilterScopingModal })));
