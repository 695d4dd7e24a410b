import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { usePageState } from './PageTable';

/** Where a list starts when it is not at its initial filters: a search from the address (`?search=...`). */
export interface ListStart<F> {
  filters?: Partial<F>;
  text?: string;
}

/**
 * The state of a list page's filters: what is typed in the search box, the filters in force, and the page, which
 * goes back to the first whenever a filter changes. `clear` returns to the initial filters (keeping what `keep`
 * names, such as the sort order) and empties the box; `start` is where the list opens, when elsewhere.
 */
export function useListState<F extends object>(initial: F, pageSize?: number, start?: ListStart<F>) {
  const pageState = usePageState(pageSize);
  const [search, setSearch] = useState(start?.text ?? '');
  const [filters, setFilters] = useState<F>(() => ({ ...initial, ...start?.filters }));
  const change = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    pageState.reset();
  };
  const clear = (keep: Partial<F> = {}) => {
    setSearch('');
    setFilters({ ...initial, ...keep });
    pageState.reset();
  };
  return { pageState, search, setSearch, filters, change, clear };
}

/**
 * The search box of a list page: `text` is what is typed, `committed` the search in force. Enter (or the button)
 * commits the trimmed text; clearing the box shows everything again without another Enter.
 */
export function ListSearch({
  text,
  onText,
  committed,
  onCommit,
  placeholder,
  maxLength,
  testId,
}: {
  text: string;
  onText: (text: string) => void;
  committed: string | undefined;
  onCommit: (search: string) => void;
  placeholder: string;
  maxLength: number;
  testId: string;
}) {
  return (
    <Input.Search
      allowClear
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(event) => {
        onText(event.target.value);
        if (event.target.value === '' && committed) onCommit('');
      }}
      onSearch={(value) => onCommit(value.trim())}
      style={{ width: 260 }}
      data-testid={testId}
    />
  );
}

/** One filter of a list page: a clearable choice among fixed values, labelled by `label`. */
export function ListFilter<T extends string>({
  value,
  onChange,
  values,
  label,
  placeholder,
  width,
  testId,
}: {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  values: readonly T[];
  label: (value: T) => string;
  placeholder: string;
  width: number;
  testId: string;
}) {
  return (
    <Select<T>
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(next) => onChange(next)}
      style={{ width }}
      options={values.map((v) => ({ value: v, label: label(v) }))}
      data-testid={testId}
    />
  );
}

export interface TimeRange {
  from?: number;
  to?: number;
}

/** A filter on whole days in the browser's time zone, as epoch milliseconds from the first day's start to the last's end. */
export function DateRangeFilter({ onChange, testId }: { onChange: (range: TimeRange) => void; testId: string }) {
  const { t } = useI18n();
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      aria-label={t('common.filter.time')}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        const [start, end] = range ?? [null, null];
        onChange({
          ...(start ? { from: start.startOf('day').valueOf() } : {}),
          ...(end ? { to: end.endOf('day').valueOf() } : {}),
        });
      }}
      data-testid={testId}
    />
  );
}
