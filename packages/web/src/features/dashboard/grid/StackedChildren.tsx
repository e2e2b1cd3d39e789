import { Fragment } from 'react';
import { GRID_GUTTER_SIZE } from '@tessera/core';
import { DropZone } from '../builder/DropZone';
import { useGridSettings } from './GridContext';
import { LayoutComponentView } from './LayoutComponentView';

export interface StackedChildrenProps {
  parentId: string;
  childIds: string[];
  /** Set inside a COLUMN: its width in columns, which charts and markdown stacked in it take. */
  columnWidth?: number;
}

/** Children of the GRID, a TAB or a COLUMN, one under the other, with drop targets between them in edit mode. */
export function StackedChildren({ parentId, childIds, columnWidth }: StackedChildrenProps) {
  const { editMode } = useGridSettings();
  return (
    <>
      {editMode ? <DropZone parentId={parentId} index={0} orientation="horizontal" /> : null}
      {childIds.map((childId, index) => (
        <Fragment key={childId}>
          <div style={{ marginBottom: editMode || index < childIds.length - 1 ? GRID_GUTTER_SIZE : 0 }}>
            <LayoutComponentView id={childId} columnWidth={columnWidth} />
          </div>
          {editMode ? <DropZone parentId={parentId} index={index + 1} orientation="horizontal" /> : null}
        </Fragment>
      ))}
    </>
  );
}
