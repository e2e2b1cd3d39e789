import type { ReactNode } from 'react';
import { Empty, Typography } from 'antd';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  image?: ReactNode;
  children?: ReactNode;
}

/** A titled empty page or section with optional actions. */
export function EmptyState({ title, description, image, children }: EmptyStateProps) {
  return (
    <Empty
      data-test="empty-state"
      image={image ?? Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 16px' }}
      description={
        <div>
          <Typography.Title level={4} style={{ marginBottom: 8 }}>
            {title}
          </Typography.Title>
          {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
        </div>
      }
    >
      {children}
    </Empty>
  );
}
