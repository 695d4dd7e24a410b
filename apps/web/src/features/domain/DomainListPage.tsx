import {
  type AccelerationType,
  accelerationTypes,
  type DomainListItem,
  type DomainStatus,
  domainStatuses,
  limits,
} from '@edgeward/contract';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { exportDomains, useDomainList } from '../../api/domain';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { ExportButton } from '../../components/ExportButton';
import { ListScreen, useListScreen } from '../../components/ListScreen';
import { PageContainer } from '../../components/PageContainer';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { useConsoleVariant } from '../../navigation/variant';
import { AddDomainButton, AddFirstDomainButton } from './AddDomainButton';
import { CnameText } from './CnameText';
import { DomainNameCell } from './DomainNameCell';
import { DomainRowActions } from './DomainRowActions';
import { DomainStatusTag } from './DomainStatusTag';
import { domainPermission } from './paths';

interface Filters {
  domainName: string;
  status?: DomainStatus;
  type?: AccelerationType;
}

type Order = 'asc' | 'desc';

/** CNAMEs run to 253 characters: cut short in the table (full on hover) so the actions stay in view. */
const cnameMaxWidth = 180;

/** /domain and /eodomain: the user's accelerated domains of the page's variant, with search, filters, status actions and export. */
export default function DomainListPage() {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const verified = useRealNameVerified();
  const screen = useListScreen<Filters>({ domainName: '' });
  // The sort order is no filter: clearing the filters keeps it, and it never makes an empty list 'no match'.
  const [order, setOrder] = useState<Order>('desc');
  const list = useDomainList({ ...screen.query, order }, variant);
  const canAdd = useAuthorized(domainPermission(variant), 'add');
  const columns = useColumns(order);

  const card = (row: DomainListItem) => (
    <Card size="small" data-testid="domain-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          <DomainNameCell row={row} />
          <DomainStatusTag status={row.status} />
        </Flex>
        <Typography.Text type="secondary">
          {t(`domain.type.${row.type}`)} · {formatTime(row.createdAt)}
        </Typography.Text>
        <CnameText cname={row.cname} status={row.status} maxWidth="100%" />
        <DomainRowActions row={row} />
      </Flex>
    </Card>
  );

  return (
    <PageContainer subTitle={t(`domain.list.subtitle.${variant}`)}>
      {verified ? null : <RealNameRequired banner reason={t('identity.required.domain')} />}
      <ListScreen<DomainListItem, Filters>
        screen={screen}
        remote={list}
        failure={t('domain.list.loadFailed')}
        columns={columns}
        rowActions={{ title: t('domain.actions'), render: (row) => <DomainRowActions row={row} /> }}
        card={card}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const next = one?.order === 'ascend' ? 'asc' : 'desc';
          if (next === order) return;
          setOrder(next);
          screen.pageState.reset();
        }}
        search={{
          key: 'domainName',
          placeholder: t('domain.list.searchPlaceholder'),
          maxLength: limits.domain.nameMax,
          testId: 'domain-search',
        }}
        choices={[
          {
            key: 'status',
            values: domainStatuses,
            label: (status) => t(`domain.status.${status}`),
            placeholder: t('domain.list.statusFilter'),
            width: 160,
            testId: 'domain-status-filter',
          },
          {
            key: 'type',
            values: accelerationTypes,
            label: (type) => t(`domain.type.${type}`),
            placeholder: t('domain.list.typeFilter'),
            width: 200,
            testId: 'domain-type-filter',
          },
        ]}
        empty={{
          noMatch: t('domain.list.noMatch'),
          title: t('domain.list.emptyTitle'),
          description: t('domain.list.emptyDescription'),
          action: canAdd ? <AddFirstDomainButton /> : null,
          testId: 'domain-empty',
        }}
        actions={
          <>
            <Authorized permissionId={domainPermission(variant)} action="export">
              <ExportButton
                download={() => exportDomains(screen.filters.domainName || undefined, variant)}
                label={t('domain.list.export')}
                testId="domain-export"
              />
            </Authorized>
            <AddDomainButton />
          </>
        }
      />
    </PageContainer>
  );
}

function useColumns(order: Order): ColumnsType<DomainListItem> {
  const { t } = useI18n();
  return [
    {
      title: t('domain.field.domainName'),
      dataIndex: 'domainName',
      render: (_: string, row) => <DomainNameCell row={row} />,
    },
    {
      title: t('domain.field.cname'),
      dataIndex: 'cname',
      render: (cname: string, row: DomainListItem) => (
        <CnameText cname={cname} status={row.status} maxWidth={cnameMaxWidth} />
      ),
    },
    {
      title: t('domain.field.type'),
      dataIndex: 'type',
      render: (type: AccelerationType) => t(`domain.type.${type}`),
    },
    {
      title: t('domain.field.status'),
      dataIndex: 'status',
      render: (status: DomainStatus) => <DomainStatusTag status={status} />,
    },
    {
      title: t('domain.field.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: order === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      // Date over time: the column stays narrow enough for the table to fit 1440 px with the name's tags.
      render: (value: number) => {
        const [date, time] = formatTime(value).split(' ');
        return (
          <Flex vertical data-testid="domain-created">
            <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {time}
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];
}
