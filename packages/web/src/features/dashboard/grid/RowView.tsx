import { GRID_GUTTER_SIZE, type LayoutComponent } from '@tessera/core';
import { theme } from 'antd';
import { DropZone } from '../builder/DropZone';
import { BackgroundMenu } from '../builder/BackgroundMenu';
import { EditChrome } from '../builder/EditChrome';
import { useGridSettings } from './GridContext';
import { LayoutComponentView } from './LayoutComponentView';

/** A ROW: its charts, markdown, columns side by side, with drop targets between them in edit mode. */
export function RowView({ component }: { component: LayoutComponent }) {
  const { editMode } = useGridSettings();
  const { token } = theme.useToken();
  const white = component.meta.background === 'BACKGROUND_WHITE';
  const last = component.children.length - 1;
  return (
    <EditChrome id={component.id} editMode={editMode} placement="left" tools={<BackgroundMenu id={component.id} value={component.meta.background} />}>
      <div
        id={component.id}
        data-test="dashboard-component-row"
        style={{ display: 'flex', gap: GRID_GUTTER_SIZE, alignItems: 'flex-start', background: white ? token.colorBgContainer : undefined }}
      >
        {component.children.map((childId, index) => (
          <div key={childId} style={{ position: 'relative' }}>
            {editMode ? <DropZone parentId={component.id} index={index} orientation="vertical" edge="left" /> : null}
            <LayoutComponentView id={childId} />
            {editMode && index === last ? <DropZone parentId={component.id} index={index + 1} orientation="vertical" edge="right" /> : null}
          </div>
        ))}
      </div>
    </EditChrome>
  );
}
