import { controls as c, customizeSection, legendRows, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

const column = (name: string, label: string, required = true) => ({ ...c.xAxis, name, type: 'ColumnControl' as const, label, validators: required ? [{ type: 'nonEmpty' as const }] : [] });

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [column('source', 'Source')],
      [column('target', 'Target')],
      [c.metric],
      [column('source_category', 'Source category', false), column('target_category', 'Target category', false)],
      [c.adhocFilters],
      [c.rowLimit],
    ]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      ...legendRows(),
      [c.select('layout', 'Graph layout', [['force', 'Force'], ['circular', 'Circular']], 'force', { renderTrigger: true })],
      [c.select('edgeSymbol', 'Edge symbols', [['none,none', 'None'], ['none,arrow', 'Arrow'], ['circle,arrow', 'Circle and arrow']], 'none,arrow', { renderTrigger: true })],
      [c.checkbox('draggable', 'Enable node dragging'), c.select('roam', 'Enable graph roaming', [[0, 'Disabled'], ['scale', 'Scale only'], ['move', 'Move only'], [1, 'Scale and move']], 0, { renderTrigger: true })],
      [c.slider('baseNodeSize', 'Node size', 5, 50, 1, 20), c.slider('baseEdgeWidth', 'Edge width', 0.5, 10, 0.5, 3)],
      [c.slider('edgeLength', 'Edge length', 100, 1000, 50, 400), c.slider('repulsion', 'Repulsion', 100, 3000, 50, 1000)],
      [c.slider('gravity', 'Gravity', 0.1, 1, 0.1, 0.3), c.slider('friction', 'Friction', 0.1, 1, 0.1, 0.2)],
    ]),
  ],
};
