import { useState } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import type { TableExtra } from '@tessera/core';
import { CaretRightOutlined, CopyOutlined } from '../../../ui/icons';
import { useCopyToClipboard } from '../../errors';

const small = { fontSize: 11 } as const;

/** `key=value` pairs of the latest partition, joined as Superset does: `ds=2024-01-01/hour=3`. */
function latestText(latest: Record<string, string> | null): string {
  return Object.entries(latest ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join('/');
}

/**
 * The engine facts of a table under its columns (Superset's "well"): partition columns, the latest
 * partition with a copyable partition query, clustering columns, and the metadata as label: value lines
 * in a section that opens on demand. Renders nothing when the engine has nothing to say.
 */
export function TableExtraWell({ extra }: { extra: TableExtra }) {
  const copy = useCopyToClipboard();
  const [open, setOpen] = useState(false);
  const { partitions, clustering } = extra;
  const metadata = Object.entries(extra.metadata ?? {});
  if (!partitions && !clustering?.cols.length && metadata.length === 0) return null;
  const latest = partitions ? latestText(partitions.latest) : '';
  return (
    <div data-test="table-extra" style={{ marginTop: 4, ...small }}>
      {partitions ? (
        <div data-test="table-partitions">
          {partitions.cols.length > 0 ? <div>Partitioned by: {partitions.cols.join(', ')}</div> : null}
          {latest || partitions.partitionQuery ? (
            <div>
              {latest ? <Typography.Text type="secondary" style={small}>latest partition: {latest}</Typography.Text> : null}
              {partitions.partitionQuery ? (
                <Tooltip title="Copy partition query to clipboard">
                  <Button
                    size="small"
                    type="text"
                    aria-label="Copy partition query"
                    icon={<CopyOutlined />}
                    onClick={() => void copy(partitions.partitionQuery ?? '')}
                  />
                </Tooltip>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {clustering?.cols.length ? <div data-test="table-clustering">Clustered by: {clustering.cols.join(', ')}</div> : null}
      {metadata.length > 0 ? (
        <div>
          <Typography.Link style={small} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <CaretRightOutlined rotate={open ? 90 : 0} /> Table details
          </Typography.Link>
          {open ? (
            <div data-test="table-metadata" style={{ paddingLeft: 12 }}>
              {metadata.map(([label, value]) => (
                <div key={label}>
                  <strong>{label}:</strong> {value}
                </div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
