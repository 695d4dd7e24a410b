import { limits } from '@edgeward/contract';
import { Flex, Grid, Pagination, type PaginationProps, Spin, Table, type TableProps } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useI18n } from '../i18n';
import { type Remote, remoteState } from '../lib/remote-state';
import { EmptyState, LoadError, LoadingState } from './DataState';
import { useKeyboardScroll } from './keyboard-scroll';

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

export interface RemoteTableProps<T, D> extends Omit<TableProps<T>, 'pagination' | 'dataSource' | 'loading' | 'title'> {
  remote: Remote<D>;
  rows: (data: D) => T[];
  /** What failed, shown when the read fails ('The domain list could not be loaded'). */
  failure: ReactNode;
  emptyText?: ReactNode;
  /** On a phone, each row as a card, so that no column (status, actions) sits off-screen. */
  card?: (row: T) => ReactNode;
  pagination?: (data: D) => PaginationProps;
}

/**
 * The one table of loaded rows: a skeleton until the first answer, the failure with its request id and a retry
 * (never an empty table), the empty text only for an empty answer, and the rows (as cards on a phone).
 */
export function RemoteTable<T extends object, D>({
  remote,
  rows,
  failure,
  emptyText,
  card,
  pagination,
  locale,
  ...table
}: RemoteTableProps<T, D>) {
  const screens = Grid.useBreakpoint();
  const scrollArea = useKeyboardScroll('.ant-table-content');
  const state = remoteState(remote, (data) => rows(data).length === 0);
  if (state.kind === 'loading') return <LoadingState />;
  if (state.kind === 'error') return <LoadError title={failure} error={state.error} onRetry={remote.refetch} />;

  const list = rows(state.data);
  const pages = pagination?.(state.data);
  // An empty answer needs no pager under its empty state; a page past the end (total > 0) keeps it, to go back.
  const paging = pages && pages.total !== 0 ? pages : undefined;
  // Rows of the previous page or filter stay under a spinner until the new ones come.
  const replacing = remote.isFetching && remote.isPlaceholderData;
  const stale =
    state.kind === 'data' && state.staleError ? (
      <LoadError banner title={failure} error={state.staleError} onRetry={remote.refetch} />
    ) : null;
  const empty = <EmptyState>{emptyText}</EmptyState>;

  if (card && screens.md === false) {
    return (
      <Flex vertical gap={12}>
        {stale}
        <Spin spinning={replacing}>
          {list.length === 0 ? (
            empty
          ) : (
            <Flex vertical gap={12} data-testid="row-cards">
              {list.map((row, index) => (
                <div key={rowKeyOf(table.rowKey, row, index)}>{card(row)}</div>
              ))}
            </Flex>
          )}
        </Spin>
        {paging ? <Pagination simple align="center" {...paging} /> : null}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16} ref={scrollArea}>
      {stale}
      <Table<T>
        {...table}
        dataSource={list}
        loading={replacing}
        scroll={table.scroll ?? { x: 'max-content' }}
        locale={{ emptyText: empty, ...locale }}
        pagination={paging ?? false}
      />
    </Flex>
  );
}

function rowKeyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): string {
  if (typeof rowKey === 'function') return String(rowKey(row, index));
  if (typeof rowKey === 'string') return String((row as Record<string, unknown>)[rowKey]);
  return String(index);
}

export interface PageTableProps<T> extends Omit<RemoteTableProps<T, PageData<T>>, 'rows' | 'pagination'> {
  pageState: PageState;
  /** Left of the table's top row: search and filters. */
  toolbar?: ReactNode;
  /** Right of the table's top row: actions such as 'Add'. */
  actions?: ReactNode;
}

/** A server-paginated RemoteTable (size changer, total) under a toolbar of filters and actions. */
export function PageTable<T extends object>({ pageState, toolbar, actions, ...table }: PageTableProps<T>) {
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
      <RemoteTable<T, PageData<T>>
        {...table}
        rows={rowsOfPage}
        pagination={(data) => ({
          current: pageState.page,
          pageSize: pageState.size,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common.total', { total }),
          onChange: pageState.onChange,
        })}
      />
    </Flex>
  );
}

function rowsOfPage<T>(data: PageData<T>): T[] {
  return data.list;
}
