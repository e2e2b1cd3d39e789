export { DatasetList } from './components/DatasetList';
export { DatasetAdd } from './components/DatasetAdd';
export { DatasetEditModal, DATASET_SAVED } from './components/DatasetEditModal';
