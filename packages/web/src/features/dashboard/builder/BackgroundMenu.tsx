import { Button, Dropdown, theme } from 'antd';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import type { LayoutBackground } from '@tessera/core';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';

const CHOICES: { key: LayoutBackground; label: string }[] = [
  { key: 'BACKGROUND_TRANSPARENT', label: 'Transparent' },
  { key: 'BACKGROUND_WHITE', label: 'White' },
];

/** The background choice of a ROW or COLUMN in edit mode (Superset's BackgroundStyleDropdown); one undo step. */
export function BackgroundMenu({ id, value }: { id: string; value: LayoutBackground | undefined }) {
  const dispatch = useLayoutDispatch();
  const { token } = theme.useToken();
  const current = value ?? 'BACKGROUND_TRANSPARENT';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: CHOICES.map((c) => ({ key: c.key, label: c.label, 'data-test': `background-${c.key}` })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key !== current) dispatch(tryLayoutEdit(layoutEdits.meta(id, { background: key as LayoutBackground })));
        },
      }}
    >
      <Button
        size="small"
        type="text"
        aria-label="Background"
        title="Background"
        data-test="dashboard-component-background"
        icon={<BgColorsOutlined />}
        style={{ background: token.colorBgContainer }}
      />
    </Dropdown>
  );
}
