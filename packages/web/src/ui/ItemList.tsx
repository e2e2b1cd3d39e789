import type { Key, ReactNode } from 'react';
import { Flex, Spin, Typography, theme } from 'antd';

export interface ItemListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Shown on the right of each row. */
  renderExtra?: (item: T) => ReactNode;
  header?: ReactNode;
  loading?: boolean;
  emptyText?: ReactNode;
  dataTest?: string;
}

/** A plain bordered list of rows (antd's List is deprecated in v6). */
export function ItemList<T>({ items, itemKey, renderItem, renderExtra, header, loading = false, emptyText, dataTest }: ItemListProps<T>) {
  const { token } = theme.useToken();
  const border = `1px solid ${token.colorBorderSecondary}`;
  return (
    <div data-test={dataTest}>
      {header ? <div style={{ padding: '8px 0', borderBottom: border }}>{header}</div> : null}
      <Spin spinning={loading}>
        {items.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: '16px 0', margin: 0, textAlign: 'center' }}>
            {loading ? ' ' : emptyText}
          </Typography.Paragraph>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={itemKey(item)} style={{ borderBottom: border, padding: '10px 0' }}>
                <Flex justify="space-between" align="center" gap={12}>
                  <div style={{ minWidth: 0 }}>{renderItem(item)}</div>
                  {renderExtra ? renderExtra(item) : null}
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </div>
  );
}
