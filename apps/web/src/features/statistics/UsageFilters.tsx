import type { StatisticsGranularity } from '@edgeward/contract';
import { DatePicker, Flex, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { useStatisticsDomains } from '../../api/traffic';
import { useI18n } from '../../i18n';
import { type CalendarDay, granularitiesFor, isPickableDay, type UsageRangeKind, usageRangeKinds } from './usage-range';
import type { UsageRangeChoice } from './use-usage-range';

const calendarDay = (value: Dayjs): CalendarDay => ({
  year: value.year(),
  month: value.month() + 1,
  day: value.date(),
});

interface UsageFiltersProps {
  domains: ReturnType<typeof useStatisticsDomains>;
  domainNames: string[];
  onDomainNames: (names: string[]) => void;
  range: UsageRangeChoice;
  granularity: StatisticsGranularity;
  onGranularity: (granularity: StatisticsGranularity) => void;
  compare: boolean;
  onCompare: (compare: boolean) => void;
}

/** What the series covers: the domains (all by default), the range, the granularity and the comparison. */
export function UsageFilters({
  domains,
  domainNames,
  onDomainNames,
  range,
  granularity,
  onGranularity,
  compare,
  onCompare,
}: UsageFiltersProps) {
  const { t } = useI18n();
  const custom = range.range.kind === 'custom' ? range.range : null;
  return (
    <Flex wrap gap={12} align="center">
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        style={{ minWidth: 240, maxWidth: '100%' }}
        placeholder={t('statistics.usage.allDomains')}
        aria-label={t('statistics.usage.domains')}
        value={domainNames}
        onChange={onDomainNames}
        loading={domains.isLoading}
        status={domains.isError ? 'error' : undefined}
        options={(domains.data?.list ?? []).map((d) => ({ value: d.domainName, label: d.domainName }))}
        data-testid="usage-domains"
      />
      <Select<UsageRangeKind>
        style={{ width: 150 }}
        aria-label={t('statistics.usage.range')}
        value={range.range.kind}
        onChange={range.chooseKind}
        options={usageRangeKinds.map((kind) => ({ value: kind, label: t(`statistics.range.${kind}`) }))}
        data-testid="usage-range"
      />
      {custom ? (
        <DatePicker.RangePicker
          allowClear={false}
          value={[
            dayjs(`${custom.from.year}-${custom.from.month}-${custom.from.day}`),
            dayjs(`${custom.to.year}-${custom.to.month}-${custom.to.day}`),
          ]}
          disabledDate={(value) => !isPickableDay(calendarDay(value), Date.now())}
          onChange={(picked) => {
            if (!picked?.[0] || !picked[1]) return;
            range.chooseDays(calendarDay(picked[0]), calendarDay(picked[1]));
          }}
          data-testid="usage-custom-range"
        />
      ) : null}
      <Select<StatisticsGranularity>
        style={{ width: 120 }}
        aria-label={t('statistics.usage.granularity')}
        value={granularity}
        onChange={onGranularity}
        options={granularitiesFor(range.span).map((g) => ({ value: g, label: t(`statistics.granularity.${g}`) }))}
        data-testid="usage-granularity"
      />
      <Flex align="center" gap={8}>
        <Switch
          id="usage-compare"
          checked={compare}
          onChange={onCompare}
          aria-label={t('statistics.usage.compare')}
          data-testid="usage-compare"
        />
        <label htmlFor="usage-compare">{t('statistics.usage.compare')}</label>
      </Flex>
    </Flex>
  );
}
