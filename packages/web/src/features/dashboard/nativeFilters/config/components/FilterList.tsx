import { useState } from 'react';
import { Button, Dropdown, Flex, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConfigAction, ConfigState } from '../utils/configState';
import { newDividerId, newNativeFilterId } from '../utils/filterIds';

interface FilterListProps {
  state: ConfigState;
  /** Ids with field errors (marked in the list). */
  errorIds: ReadonlySet<string>;
  act: (action: ConfigAction) => void;
}

const UNTITLED = '[untitled]';

/** The left column: filters and dividers in order, drag to reorder, add, duplicate and delete. */
export function FilterList({ state, errorIds, act }: FilterListProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  const add = ({ key }: { key: string }) => act(key === 'divider' ? { type: 'add', kind: 'divider', id: newDividerId() } : { type: 'add', kind: 'filter', id: newNativeFilterId() });
  return (
    <Flex vertical gap={8} style={{ width: 260, flexShrink: 0, borderRight: '1px solid rgba(5, 5, 5, 0.06)', paddingRight: 12 }}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'filter', label: 'Filter', 'data-test': 'add-filter-button' } as never,
            { key: 'divider', label: 'Divider', 'data-test': 'add-divider-button' } as never,
          ],
          onClick: add,
        }}
      >
        <Button type="dashed" icon={<PlusOutlined />} data-test="filters-config-modal-add">
          Add filters and dividers
        </Button>
      </Dropdown>
      <div role="list" aria-label="Filters and dividers" style={{ overflowY: 'auto', maxHeight: 560 }}>
        {state.order.map((id, index) => {
          const item = state.items[id]!;
          const removed = Boolean(state.removed[id]);
          const selected = state.selectedId === id;
          const title = (item.kind === 'filter' ? item.name : item.title).trim() || UNTITLED;
          return (
            <div
              key={id}
              role="listitem"
              aria-selected={selected}
              aria-label={title}
              data-test="filters-config-modal-item"
              draggable={!removed}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
                setDragged(id);
              }}
              onDragOver={(e) => {
                if (dragged) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== id) act({ type: 'move', id: dragged, toIndex: index });
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              onClick={() => act({ type: 'select', id })}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 6,
                padding: '6px 8px',
                cursor: 'pointer',
                borderRadius: 4,
                background: selected ? 'rgba(22, 119, 255, 0.08)' : undefined,
                opacity: dragged === id ? 0.5 : 1,
              }}
            >
              <HolderOutlined aria-hidden style={{ cursor: removed ? 'default' : 'grab', color: 'rgba(0,0,0,0.45)' }} />
              <Typography.Text
                ellipsis
                type={errorIds.has(id) ? 'danger' : removed ? 'secondary' : undefined}
                delete={removed}
                style={{ flex: 1, fontStyle: item.kind === 'divider' ? 'italic' : undefined }}
              >
                {title}
              </Typography.Text>
              {!removed && item.kind === 'filter' ? (
                <Tooltip title="Duplicate">
                  <Button
                    size="small"
                    type="text"
                    aria-label={`Duplicate ${title}`}
                    icon={<CopyOutlined />}
                    onClick={(e) => {
                      e.stopPropagation();
                      act({ type: 'duplicate', id, newId: newNativeFilterId() });
                    }}
                  />
                </Tooltip>
              ) : null}
              {!removed ? (
                <Button
                  size="small"
                  type="text"
                  aria-label={`Delete ${title}`}
                  data-test="filter-remove-button"
                  icon={<DeleteOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    act({ type: 'remove', id });
                  }}
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </Flex>
  );
}
