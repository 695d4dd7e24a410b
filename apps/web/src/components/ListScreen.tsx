import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { Remote } from '../lib/remote-state';
import { ListEmpty } from './ListEmpty';
import { DateRangeFilter, ListFilter, ListSearch, type ListStart, type TimeRange, useListState } from './ListFilters';
import { type PageData, PageTable } from './PageTable';

/** The filters in force: an empty search box and a cleared choice ask for everything. */
function filtersInForce<F extends object>(filters: F): Partial<F> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<F>;
}

/**
 * The state of a list screen: its filters (useListState), those in force (named as the API names them, also what
 * an export takes) and the query of the page in view. `filtered` tells an empty answer under a filter from an
 * empty account.
 */
export function useListScreen<F extends object>(initial: F, start?: ListStart<F>) {
  const state = useListState<F>(initial, undefined, start);
  const filterQuery = filtersInForce(state.filters);
  const query = { page: state.pageState.page, size: state.pageState.size, ...filterQuery };
  return { ...state, filterQuery, query, filtered: Object.keys(filterQuery).length > 0 };
}

type ListScreenState<F extends object> = ReturnType<typeof useListScreen<F>>;

/** The filters typed into the search box: those that hold text. */
type SearchKey<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F];

/** The filters chosen among fixed values: those that hold one value or none. */
type ChoiceKey<F> = {
  [K in keyof F]-?: undefined extends F[K] ? (NonNullable<F[K]> extends string ? K : never) : never;
}[keyof F];

interface SearchField<F> {
  key: SearchKey<F>;
  placeholder: string;
  maxLength: number;
  testId: string;
}

type ChoiceField<F> = {
  [K in ChoiceKey<F>]: {
    key: K;
    values: readonly NonNullable<F[K]>[];
    label: (value: NonNullable<F[K]>) => string;
    placeholder: string;
    width: number;
    testId: string;
    /** What else a choice changes: another filter that no longer fits it. */
    alongside?: (value: F[K] | undefined) => Partial<F>;
  };
}[ChoiceKey<F>];

/** The empty answer without a filter: what the list would hold and the first step to fill it. */
interface EmptyList {
  noMatch: string;
  title: string;
  description: string;
  action?: ReactNode;
  testId: string;
}

interface ListScreenProps<T, F extends object> {
  screen: ListScreenState<F>;
  remote: Remote<PageData<T>>;
  /** What failed, shown when the read fails ('The domain list could not be loaded'). */
  failure: string;
  columns: ColumnsType<T>;
  /** The last column, pinned so that the actions stay in view where the table scrolls. */
  rowActions?: { title: string; render: (row: T) => ReactNode };
  /** A row on a phone. */
  card: (row: T) => ReactNode;
  search?: SearchField<F>;
  choices?: ChoiceField<F>[];
  /** The test id of a filter on whole days, for lists whose filters hold a time range. */
  timeFilter?: F extends TimeRange ? string : never;
  /** A plain sentence, or what the list would hold (and, under a filter, that nothing matches). */
  empty: EmptyList | string;
  /** Right of the filters: actions such as 'Add' or 'Export'. */
  actions?: ReactNode;
  /** The table's own changes, such as a column's sort order. */
  onChange?: TableProps<T>['onChange'];
}

/**
 * A list screen: search, filters and actions above a server-paginated table of rows (cards on a phone), in the
 * four states (loading, error, empty, data); a filter's change goes back to the first page.
 */
export function ListScreen<T extends { id: number | string }, F extends object>({
  screen,
  search,
  choices = [],
  timeFilter,
  empty,
  rowActions,
  columns,
  ...table
}: ListScreenProps<T, F>) {
  const { filters, change } = screen;
  return (
    <PageTable<T>
      {...table}
      rowKey="id"
      pageState={screen.pageState}
      columns={rowActions ? [...columns, actionsColumn(rowActions)] : columns}
      emptyText={typeof empty === 'string' ? empty : <EmptyText empty={empty} screen={screen} />}
      toolbar={
        <>
          {search ? (
            <ListSearch
              text={screen.search}
              onText={screen.setSearch}
              committed={filters[search.key] as string}
              onCommit={(text) => change({ [search.key]: text } as Partial<F>)}
              placeholder={search.placeholder}
              maxLength={search.maxLength}
              testId={search.testId}
            />
          ) : null}
          {choices.map((choice) => (
            <Choice key={String(choice.key)} choice={choice} screen={screen} />
          ))}
          {timeFilter ? (
            <DateRangeFilter
              testId={timeFilter}
              onChange={(range) => change({ from: range.from, to: range.to } as Partial<F & TimeRange>)}
            />
          ) : null}
        </>
      }
    />
  );
}

function actionsColumn<T>({ title, render }: { title: string; render: (row: T) => ReactNode }): ColumnsType<T>[number] {
  return { title, key: 'actions', fixed: 'right', render: (_, row) => render(row) };
}

function EmptyText<F extends object>({ empty, screen }: { empty: EmptyList; screen: ListScreenState<F> }) {
  return <ListEmpty {...empty} filtered={screen.filtered} onClearFilters={() => screen.clear()} />;
}

/** One choice filter: the mapped type ties each key to its values, which one Select of strings cannot express. */
function Choice<F extends object>({ choice, screen }: { choice: ChoiceField<F>; screen: ListScreenState<F> }) {
  const { key, values, label, alongside } = choice as ChoiceField<F> & {
    values: readonly string[];
    label: (value: string) => string;
    alongside?: (value: string | undefined) => Partial<F>;
  };
  return (
    <ListFilter<string>
      value={screen.filters[key] as string | undefined}
      onChange={(value) => screen.change({ [key]: value, ...alongside?.(value) } as Partial<F>)}
      values={values}
      label={label}
      placeholder={choice.placeholder}
      width={choice.width}
      testId={choice.testId}
    />
  );
}
