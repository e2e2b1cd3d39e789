import { useStore } from 'react-redux';
import { Button, Flex, theme } from 'antd';
import {
  BorderOutlined,
  ColumnWidthOutlined,
  FileMarkdownOutlined,
  FolderOutlined,
  FontSizeOutlined,
  LineOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { NEW_ELEMENT_TYPES, type NewElementType } from '../layout/newComponent';
import { selectLayout, tryLayoutEdit, layoutEdits, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { selectDashboardState } from '../state/dashboardStateSlice';
import { appendDestination } from './appendDestination';
import { endDrag, startDrag } from './dragState';

const ELEMENTS: Record<NewElementType, { label: string; icon: ReactNode }> = {
  TABS: { label: 'Tabs', icon: <FolderOutlined /> },
  ROW: { label: 'Row', icon: <BorderOutlined /> },
  COLUMN: { label: 'Column', icon: <ColumnWidthOutlined /> },
  HEADER: { label: 'Header', icon: <FontSizeOutlined /> },
  MARKDOWN: { label: 'Text / Markdown', icon: <FileMarkdownOutlined /> },
  DIVIDER: { label: 'Divider', icon: <LineOutlined /> },
};

/** New layout elements to drag onto the dashboard (or add at the end with their + button). */
export function LayoutElementsPane() {
  const dispatch = useLayoutDispatch();
  const store = useStore();
  const { token } = theme.useToken();
  const addAtEnd = (type: NewElementType) => {
    const state = store.getState() as object;
    const destination = appendDestination(selectLayout(state), selectDashboardState(state).activeTabs);
    if (destination) dispatch(tryLayoutEdit(layoutEdits.add({ type }, destination)));
  };
  return (
    <Flex vertical gap={8} data-test="dashboard-layout-elements">
      {NEW_ELEMENT_TYPES.map((type) => (
        <Flex
          key={type}
          draggable
          data-test="new-component"
          data-component-type={type}
          align="center"
          gap={8}
          onDragStart={(event) => startDrag(event, { kind: 'new', spec: { type } })}
          onDragEnd={endDrag}
          style={{ padding: '8px 12px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, cursor: 'grab', background: token.colorBgContainer }}
        >
          {ELEMENTS[type].icon}
          <span style={{ flex: 1 }}>{ELEMENTS[type].label}</span>
          <Button size="small" type="text" aria-label={`Add ${ELEMENTS[type].label}`} icon={<PlusOutlined />} onClick={() => addAtEnd(type)} />
        </Flex>
      ))}
    </Flex>
  );
}
