export { FiltersConfigModal, type FiltersConfigModalProps } from './FiltersConfigModal';
