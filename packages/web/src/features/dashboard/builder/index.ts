export { BuilderPanel } from './BuilderPanel';
export { useUndoRedoKeys } from './useUndoRedoKeys';
