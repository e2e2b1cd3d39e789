import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

interface RowActionProps {
  title: string;
  icon: ReactNode;
  /** The accessible name, e.g. "Delete births". */
  label: string;
  dataTest: string;
  onClick: () => void;
  danger?: boolean;
  /** Disabled, with this reason as its tooltip (e.g. not an owner). */
  disabledReason?: string | null;
}

/** An icon button in a list row's Actions column, with its name as tooltip. */
export function RowAction({ title, icon, label, dataTest, onClick, danger = false, disabledReason = null }: RowActionProps) {
  const button = <Button type="text" danger={danger} icon={icon} aria-label={label} data-test={dataTest} onClick={onClick} disabled={disabledReason !== null} />;
  // React sends no mouse events from a disabled button, so its tooltip hangs on a wrapper.
  return disabledReason === null ? (
    <Tooltip title={title}>{button}</Tooltip>
  ) : (
    <Tooltip title={disabledReason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
    </Tooltip>
  );
}
