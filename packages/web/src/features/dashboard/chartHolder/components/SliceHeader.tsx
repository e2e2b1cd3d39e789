import type { ReactNode } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, FileTextOutlined } from '@ant-design/icons';
import { SliceHeaderMenu, type SliceMenuActions } from './SliceHeaderMenu';

/** Height of the chart holder's header; the chart gets the rest. */
export const SLICE_HEADER_HEIGHT = 32;

interface SliceHeaderProps {
  title: string;
  editMode: boolean;
  onTitleChange?: ((name: string) => void) | undefined;
  hasDescription: boolean;
  isExpanded: boolean;
  onToggleDescription: () => void;
  lastQueried: string | null;
  /** Called when the pointer comes over the header: the relative times are read again. */
  onRefreshTimes: () => void;
  /** No menu (uiConfig bit 8, report mode). */
  hideControls: boolean;
  menu: Omit<SliceMenuActions, 'lastQueried' | 'hasDescription' | 'onToggleDescription'>;
  /** The applied-filters badge (FilterBadge), shown before the menu. */
  filterBadge?: ReactNode;
}

/** Title (inline-editable in edit mode), description toggle, last-queried time and the "..." menu of a chart holder. */
export function SliceHeader(props: SliceHeaderProps) {
  const { title, editMode, onTitleChange, hasDescription, isExpanded, lastQueried, hideControls } = props;
  return (
    <div
      data-test="slice-header"
      onMouseEnter={props.onRefreshTimes}
      style={{ height: SLICE_HEADER_HEIGHT, display: 'flex', alignItems: 'center', gap: 4, padding: '0 4px', overflow: 'hidden' }}
    >
      <Typography.Text
        strong
        ellipsis={{ tooltip: title }}
        style={{ flex: 1, minWidth: 0 }}
        data-test="slice-header-title"
        editable={
          editMode && onTitleChange
            ? { onChange: (text) => text.trim() && text !== title && onTitleChange(text.trim()), triggerType: ['text', 'icon'], tooltip: 'Edit chart name' }
            : false
        }
      >
        {title}
      </Typography.Text>
      {hasDescription ? (
        <Tooltip title={isExpanded ? 'Hide chart description' : 'Show chart description'}>
          <Button
            type="text"
            size="small"
            icon={<FileTextOutlined />}
            aria-label="Toggle chart description"
            aria-pressed={isExpanded}
            data-test="slice-header-description-toggle"
            onClick={props.onToggleDescription}
          />
        </Tooltip>
      ) : null}
      {lastQueried ? (
        <Tooltip title={lastQueried}>
          <ClockCircleOutlined aria-label={lastQueried} data-test="slice-header-last-queried" style={{ opacity: 0.45, fontSize: 12 }} />
        </Tooltip>
      ) : null}
      {props.filterBadge}
      {hideControls ? null : <SliceHeaderMenu {...props.menu} lastQueried={lastQueried} hasDescription={hasDescription} onToggleDescription={props.onToggleDescription} />}
    </div>
  );
}
