export { CrossFiltersSection, type CrossFiltersSectionProps } from './CrossFiltersSection';
export { CrossFilterScopingModal, type CrossFilterScopingModalProps } from './CrossFilterScopingModal';
export { CrossFiltersToggle } from './CrossFiltersToggle';
export { useSaveCrossFilterConfig, type CrossFilterSaveStatus } from './useSaveCrossFilterConfig';
