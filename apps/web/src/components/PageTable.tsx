import { limits } from '@edgeward/contract';
import { Empty, Flex, Table, type TableProps } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useI18n } from '../i18n';

/** A page of a list as the API answers it (contract `pageOf`). */
export interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export interface PageState {
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
  /** Back to the first page, e.g. when a filter changes. */
  reset: () => void;
}

/** Page number (1-based) and size for a server-paginated list; the size defaults to 20 (spec section 9). */
export function usePageState(initialSize: number = limits.page.defaultSize): PageState {
  const [state, setState] = useState({ page: 1, size: initialSize });
  const onChange = useCallback((page: number, size: number) => {
    setState((current) => ({ page: size === current.size ? page : 1, size }));
  }, []);
  const reset = useCallback(() => setState((current) => ({ ...current, page: 1 })), []);
  return { ...state, onChange, reset };
}

export interface PageTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'dataSource' | 'loading' | 'title'> {
  data: PageData<T> | undefined;
  loading?: boolean;
  pageState: PageState;
  /** Left of the table's top row: search and filters. */
  toolbar?: ReactNode;
  /** Right of the table's top row: actions such as 'Add'. */
  actions?: ReactNode;
  emptyText?: ReactNode;
}

/** The one table pattern: server pagination with a size changer, a loading state, an empty state and a toolbar. */
export function PageTable<T extends object>({
  data,
  loading,
  pageState,
  toolbar,
  actions,
  emptyText,
  locale,
  ...table
}: PageTableProps<T>) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={16}>
      {toolbar || actions ? (
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex gap={8} wrap align="center">
            {toolbar}
          </Flex>
          <Flex gap={8} wrap>
            {actions}
          </Flex>
        </Flex>
      ) : null}
      <Table<T>
        {...table}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={table.scroll ?? { x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.noData')} />,
          ...locale,
        }}
        pagination={{
          current: pageState.page,
          pageSize: pageState.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common.total', { total }),
          onChange: pageState.onChange,
        }}
      />
    </Flex>
  );
}
