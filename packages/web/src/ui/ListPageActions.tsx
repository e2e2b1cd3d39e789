import type { ReactNode } from 'react';
import { Button } from 'antd';
import ImportOutlined from '@ant-design/icons/ImportOutlined';

export interface ListPageActionsProps {
  /** Shows Import (writers of the resource). */
  onImport?: (() => void) | undefined;
  /** Shows Bulk select / Cancel bulk select (writers or exporters). */
  onToggleBulkSelect?: (() => void) | undefined;
  bulkSelect: boolean;
  /** The page's create button, last. */
  children?: ReactNode;
}

/** The buttons of a list page's header: Import, Bulk select, then the page's own create button. */
export function ListPageActions({ onImport, onToggleBulkSelect, bulkSelect, children }: ListPageActionsProps) {
  return (
    <>
      {onImport ? (
        <Button icon={<ImportOutlined />} onClick={onImport} data-test="import-button">
          Import
        </Button>
      ) : null}
      {onToggleBulkSelect ? (
        <Button onClick={onToggleBulkSelect} data-test="bulk-select">
          {bulkSelect ? 'Cancel bulk select' : 'Bulk select'}
        </Button>
      ) : null}
      {children}
    </>
  );
}
