import { DownloadOutlined } from '@ant-design/icons';
import { type LedgerEntry, type LedgerKind, ledgerKinds } from '@edgeward/contract';
import { App, Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { saveFile } from '../../api/client';
import { downloadStatement, useStatement } from '../../api/commerce';
import { Authorized } from '../../components/Authorized';
import { DateRangeFilter, ListFilter, type TimeRange, useListState } from '../../components/ListFilters';
import { PageTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { yuan } from './money';

interface Filters extends TimeRange {
  kind?: LedgerKind;
}

/** The balance statement: every change with the balance after it, filtered by kind and time, exported as CSV. */
export function Statement() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { pageState, filters, change } = useListState<Filters>({});
  const [exporting, setExporting] = useState(false);
  const filterQuery = {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from !== undefined ? { from: filters.from } : {}),
    ...(filters.to !== undefined ? { to: filters.to } : {}),
  };
  const statement = useStatement({ page: pageState.page, size: pageState.size, ...filterQuery });

  const runExport = async () => {
    setExporting(true);
    try {
      saveFile(await downloadStatement(filterQuery));
    } catch {
      message.error(t('errors.EXPORT_FAILED'));
    } finally {
      setExporting(false);
    }
  };

  const amount = (row: LedgerEntry) => (
    <Typography.Text type={row.amountFen.startsWith('-') ? undefined : 'success'}>
      {row.amountFen.startsWith('-') ? yuan(row.amountFen) : `+${yuan(row.amountFen)}`}
    </Typography.Text>
  );
  const columns: ColumnsType<LedgerEntry> = [
    { title: t('commerce.field.time'), dataIndex: 'createdAt', render: (at: number) => formatTime(at) },
    { title: t('commerce.field.ledgerKind'), key: 'kind', render: (_, row) => t(`commerce.ledger.${row.kind}`) },
    { title: t('commerce.field.amount'), key: 'amount', align: 'right', render: (_, row) => amount(row) },
    {
      title: t('commerce.field.balanceAfter'),
      key: 'after',
      align: 'right',
      render: (_, row) => yuan(row.balanceAfterFen),
    },
    { title: t('commerce.field.orderNo'), dataIndex: 'orderNo', render: (no: string | null) => no ?? '-' },
    { title: t('commerce.field.note'), dataIndex: 'note', render: (note: string) => note || '-' },
  ];
  const card = (row: LedgerEntry) => (
    <Card size="small" data-testid="statement-card">
      <Flex vertical gap={4}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong>{t(`commerce.ledger.${row.kind}`)}</Typography.Text>
          {amount(row)}
        </Flex>
        <Typography.Text type="secondary">
          {formatTime(row.createdAt)} · {t('commerce.field.balanceAfter')} {yuan(row.balanceAfterFen)}
        </Typography.Text>
        {row.orderNo ? <Typography.Text type="secondary">{row.orderNo}</Typography.Text> : null}
      </Flex>
    </Card>
  );

  return (
    <PageTable<LedgerEntry>
      rowKey="id"
      remote={statement}
      failure={t('commerce.statement.loadFailed')}
      pageState={pageState}
      columns={columns}
      card={card}
      emptyText={t('commerce.statement.empty')}
      toolbar={
        <>
          <ListFilter<LedgerKind>
            value={filters.kind}
            onChange={(kind) => change({ kind })}
            values={ledgerKinds}
            label={(kind) => t(`commerce.ledger.${kind}`)}
            placeholder={t('commerce.statement.kindFilter')}
            width={160}
            testId="statement-kind-filter"
          />
          <DateRangeFilter
            testId="statement-time-filter"
            onChange={(range) => change({ from: range.from, to: range.to })}
          />
        </>
      }
      actions={
        <Authorized permissionId="order" action="export">
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void runExport()}
            data-testid="statement-export"
          >
            {t('commerce.statement.export')}
          </Button>
        </Authorized>
      }
    />
  );
}
