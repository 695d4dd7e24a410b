import { type LedgerEntry, type LedgerKind, ledgerKinds } from '@edgeward/contract';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadStatement, useStatement } from '../../api/commerce';
import { Authorized } from '../../components/Authorized';
import { ExportButton } from '../../components/ExportButton';
import type { TimeRange } from '../../components/ListFilters';
import { ListScreen, useListScreen } from '../../components/ListScreen';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { yuan } from './money';

interface Filters extends TimeRange {
  kind?: LedgerKind;
}

/** The balance statement: every change with the balance after it, filtered by kind and time, exported as CSV. */
export function Statement() {
  const { t } = useI18n();
  const screen = useListScreen<Filters>({});
  const statement = useStatement(screen.query);

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
    <ListScreen<LedgerEntry, Filters>
      screen={screen}
      remote={statement}
      failure={t('commerce.statement.loadFailed')}
      columns={columns}
      card={card}
      choices={[
        {
          key: 'kind',
          values: ledgerKinds,
          label: (kind) => t(`commerce.ledger.${kind}`),
          placeholder: t('commerce.statement.kindFilter'),
          width: 160,
          testId: 'statement-kind-filter',
        },
      ]}
      timeFilter="statement-time-filter"
      empty={t('commerce.statement.empty')}
      actions={
        <Authorized permissionId="order" action="export">
          <ExportButton
            download={() => downloadStatement(screen.filterQuery)}
            label={t('commerce.statement.export')}
            testId="statement-export"
          />
        </Authorized>
      }
    />
  );
}
