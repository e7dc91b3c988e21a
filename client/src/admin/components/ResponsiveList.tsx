import { Card, Empty, Grid, Pagination, Spin, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig, TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import './ResponsiveList.css';

export interface ResponsiveCard {
  /** The card's heading (the row's name or number, often the button that opens it). */
  title: ReactNode;
  /** Beside the title (a status tag). */
  extra?: ReactNode;
  /** The key fields as label → value (empty values are left out). */
  fields: Array<[label: string, value: ReactNode]>;
  /** The row's main action(s), at the foot of the card. */
  actions?: ReactNode;
}

interface Props<T> {
  /** What the list holds (its accessible name on phones, e.g. 會員列表). */
  label: string;
  rowKey: (row: T) => Key;
  columns: TableColumnsType<T>;
  dataSource: readonly T[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  emptyText: ReactNode;
  /** The row as a phone card: its key fields and main action. */
  card: (row: T) => ResponsiveCard;
  /** More of antd's Table props for the wide layout (className, onRow, sticky…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowKey' | 'locale'>;
  testId?: string;
  /** A card's `data-testid` on phones (the table's rows take theirs from `tableProps.onRow`). */
  cardTestId?: (row: T) => string;
}

/** Phones (< 768 px, antd's `md`) get cards; wider windows the table. */
export function usePhoneLayout(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
}

/**
 * An admin list that fits its window (issue 21 §6): a table on wide screens, whose columns are
 * chosen to fit 1440 px without sliding sideways (the rest lives in the row's detail), and one
 * card per row on phones (< 768 px) with the key fields and the main action. Paging, loading and
 * the empty text are the same in both.
 */
export function ResponsiveList<T extends object>({ label, rowKey, columns, dataSource, loading, pagination, emptyText, card, tableProps, testId, cardTestId }: Props<T>) {
  const phone = usePhoneLayout();
  if (!phone) {
    return (
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={dataSource as T[]}
        loading={loading}
        pagination={pagination}
        locale={{ emptyText }}
        data-testid={testId ? `${testId}-table` : undefined}
        {...tableProps}
      />
    );
  }
  return (
    <div className="ss-rlist" data-testid={testId ? `${testId}-cards` : undefined}>
      <Spin spinning={loading}>
        {dataSource.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? '載入中…' : emptyText} />
        ) : (
          <ul className="ss-rlist-cards" aria-label={label}>
            {dataSource.map((row) => {
              const c = card(row);
              return (
                <li key={rowKey(row)} className="ss-rlist-item" data-testid={cardTestId?.(row)}>
                  <Card size="small" title={c.title} extra={c.extra} className="ss-rlist-card">
                    <dl className="ss-rlist-fields">
                      {c.fields
                        .filter(([, v]) => v !== '' && v !== null && v !== undefined && v !== false)
                        .map(([name, value]) => (
                          <div key={name} className="ss-rlist-field">
                            <dt>{name}</dt>
                            <dd>{value}</dd>
                          </div>
                        ))}
                    </dl>
                    {c.actions && <div className="ss-rlist-actions">{c.actions}</div>}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10) && (
        <Pagination
          className="ss-rlist-pagination"
          simple
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showSizeChanger={false}
          onChange={(p, size) => pagination.onChange?.(p, size)}
        />
      )}
      {pagination && pagination.total !== undefined && pagination.total > 0 && (
        <div className="ss-rlist-total">{typeof pagination.showTotal === 'function' ? pagination.showTotal(pagination.total, [0, 0]) : `共 ${pagination.total} 筆`}</div>
      )}
    </div>
  );
}
