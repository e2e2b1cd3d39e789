import type { Key, ReactNode } from 'react';
import { Col, Flex, Pagination, Row, Spin } from 'antd';
import type { ListTableState } from './ListTable';

export interface CardGridProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => Key;
  total: number;
  loading: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  renderCard: (row: T) => ReactNode;
  dataTest?: string;
}

/** Card view of a FAB list (charts, dashboards): a responsive grid of cards with server-side paging, as ListTable pages a table. */
export function CardGrid<T>({ rows, rowKey, total, loading, state, onChange, renderCard, dataTest }: CardGridProps<T>) {
  return (
    <Spin spinning={loading}>
      <Row gutter={[16, 16]} data-test={dataTest}>
        {rows.map((row) => (
          <Col key={rowKey(row)} xs={24} sm={12} md={8} xl={6}>
            {renderCard(row)}
          </Col>
        ))}
      </Row>
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Pagination
          current={state.page + 1}
          pageSize={state.pageSize}
          total={total}
          showSizeChanger
          pageSizeOptions={[12, 25, 50, 100]}
          onChange={(page, pageSize) => onChange({ ...state, page: pageSize !== state.pageSize ? 0 : page - 1, pageSize })}
        />
      </Flex>
    </Spin>
  );
}

/** Toggles one card's key in a bulk selection. */
export function toggleKey(selected: readonly Key[], key: Key, checked: boolean): Key[] {
  return checked ? [...selected.filter((k) => k !== key), key] : selected.filter((k) => k !== key);
}
