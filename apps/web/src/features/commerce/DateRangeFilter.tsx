import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useI18n } from '../../i18n';

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
      aria-label={t('commerce.filter.time')}
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
