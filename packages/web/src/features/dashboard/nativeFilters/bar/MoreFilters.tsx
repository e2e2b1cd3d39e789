import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, theme } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { MORE_FILTERS_BUTTON_WIDTH } from './overflowCount';

/**
 * "More filters": the filters that do not fit the horizontal row, in a panel under the button. The panel stays mounted
 * while closed so its controls keep their options and first values.
 */
export function MoreFilters({ count, children }: { count: number; children: ReactNode }) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node | null;
      // Select dropdowns render in a portal: a click in one belongs to the panel.
      const inPortal = target instanceof Element && target.closest('.ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-dropdown');
      if (root.current && target && !root.current.contains(target) && !inPortal) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  return (
    <div ref={root} style={{ position: 'relative', flexShrink: 0, width: MORE_FILTERS_BUTTON_WIDTH }}>
      <Badge count={count} size="small" offset={[-4, 0]}>
        <Button onClick={() => setOpen(!open)} aria-expanded={open} data-test="filter-bar__more-filters">
          More filters <DownOutlined />
        </Button>
      </Badge>
      <div
        data-test="filter-bar__more-filters-panel"
        hidden={!open}
        style={{
          position: 'absolute',
          top: '100%',
          right: 0,
          marginTop: 4,
          width: 320,
          maxHeight: 480,
          overflowY: 'auto',
          zIndex: 1050,
          padding: 16,
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        {children}
      </div>
    </div>
  );
}
