export { ImportModal } from './components/ImportModal';
export { useExportBundle } from './hooks/useExportBundle';
export { importOutcome, type ImportOutcome } from './utils/importOutcome';
export { ExportOutlined, ImportOutlined } from './utils/icons';
