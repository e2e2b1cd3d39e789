export { DatabaseList } from './components/DatabaseList';
export { DatabaseModal } from './components/DatabaseModal';
export { SchemaBrowserDrawer } from './components/SchemaBrowserDrawer';
export { ENGINE_OPTIONS, ENGINE_LIST, engineLabel } from './utils/engines';
