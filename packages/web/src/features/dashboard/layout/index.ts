export { newComponentId, idSourceFrom, type IdSource } from './componentIds';
export type { LayoutResult, DropDestination } from './layoutResult';
export { NEW_ELEMENT_TYPES, typesCreatedBy, type NewComponentSpec, type NewElementType } from './newComponent';
export { parseLayout } from './parseLayout';
export { serializeLayout, withParents } from './serializeLayout';
export { defaultLayout, withMissingCharts, initialLayout, type LayoutChart } from './defaultLayout';
export { addComponent } from './addComponent';
export { moveComponent } from './moveComponent';
export { deleteComponent } from './deleteComponent';
export { resizeComponent, maximumWidth, type ResizeRequest } from './resizeComponent';
export { updateComponentMeta } from './updateComponentMeta';
export { toggleTopLevelTabs } from './toggleTopLevelTabs';
export { validateLayoutTree } from './validateLayoutTree';
export {
  chartIdsInLayout,
  componentWidth,
  findParentId,
  isValidChild,
  minimumWidth,
  shouldWrapInRow,
  topLevelTabsId,
  isRowItem,
} from './layoutRules';
