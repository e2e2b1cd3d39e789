import { Divider, Typography } from 'antd';
import type { NativeFilterConfig } from '@tessera/core';

/** A divider of the filter configuration: a title and its description, between groups of filters. */
export function FilterBarDivider({ divider, orientation }: { divider: NativeFilterConfig; orientation: 'VERTICAL' | 'HORIZONTAL' }) {
  const title = divider.title?.trim() ?? '';
  const description = divider.description?.trim();
  if (orientation === 'HORIZONTAL') {
    return (
      <div data-test="filter-bar-divider" data-filter-id={divider.id} style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
        <Divider orientation="vertical" style={{ height: 32, margin: 0 }} />
        <Typography.Text strong ellipsis={{ tooltip: description ? `${title}: ${description}` : title }}>{title}</Typography.Text>
      </div>
    );
  }
  return (
    <div data-test="filter-bar-divider" data-filter-id={divider.id} style={{ marginBottom: 16 }}>
      <Divider style={{ margin: '0 0 8px' }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
    </div>
  );
}
