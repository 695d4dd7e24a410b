import { DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import {
  type AccelerationType,
  accelerationTypes,
  canDeleteDomain,
  canDisableDomain,
  canEnableDomain,
  type DomainListItem,
  type DomainStatus,
  domainStatuses,
  limits,
} from '@edgeward/contract';
import { App, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { saveFile } from '../../api/client';
import { exportDomains, useDomainAction, useDomainLimit, useDomainList } from '../../api/domain';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ListEmpty } from '../../components/ListEmpty';
import { ListFilter, ListSearch, useListState } from '../../components/ListFilters';
import { PageContainer } from '../../components/PageContainer';
import { PageTable } from '../../components/PageTable';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { SampleTag } from '../../components/SampleTag';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { menuScopesOf } from '../../navigation/route-table';
import { useConsoleVariant } from '../../navigation/variant';
import { useSession } from '../../stores/session';
import { CnameText } from './CnameText';
import { DomainStatusTag } from './DomainStatusTag';
import { createPath, domainPermission, settingsPath } from './paths';

interface Filters {
  domainName: string;
  status?: DomainStatus;
  type?: AccelerationType;
  order: 'asc' | 'desc';
}

/** /domain and /eodomain: the user's accelerated domains of the page's variant, with search, filters, status actions and export. */
export default function DomainListPage() {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const verified = useRealNameVerified();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pageState, search, setSearch, filters, change, clear } = useListState<Filters>({
    domainName: '',
    order: 'desc',
  });
  const list = useDomainList(
    {
      page: pageState.page,
      size: pageState.size,
      order: filters.order,
      ...(filters.domainName ? { domainName: filters.domainName } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.type ? { type: filters.type } : {}),
    },
    variant,
  );
  const limit = useDomainLimit();
  const [exporting, setExporting] = useState(false);
  const canAdd = useAuthorized(domainPermission(variant), 'add');

  const filtered = Boolean(filters.domainName || filters.status || filters.type);
  const limitReached = limit.data ? limit.data.used >= limit.data.max : false;
  // One limit for both consoles: with both, the counter says it counts the other console's domains too.
  const bothConsoles = menuScopesOf(useSession().user?.cdnType).length > 1;

  const clearFilters = () => clear({ order: filters.order });

  const runExport = async () => {
    setExporting(true);
    try {
      saveFile(await exportDomains(filters.domainName || undefined, variant));
    } catch {
      message.error(t('errors.EXPORT_FAILED'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<DomainListItem> = [
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
      sortOrder: filters.order === 'asc' ? 'ascend' : 'descend',
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
    {
      title: t('domain.actions'),
      key: 'actions',
      // Pinned, so that the actions stay in view should the columns ever be wider than the page.
      fixed: 'right',
      render: (_, row) => <RowActions row={row} />,
    },
  ];

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
        <RowActions row={row} />
      </Flex>
    </Card>
  );

  const addButton = (
    <Authorized permissionId={domainPermission(variant)} action="add">
      <Tooltip
        title={
          limitReached ? t('errors.DOMAIN_LIMIT_REACHED') : bothConsoles ? t('domain.list.limitShared') : undefined
        }
      >
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={limitReached}
          onClick={() => navigate(createPath(variant))}
          data-testid="add-domain"
        >
          {t('domain.list.add')}
          {limit.data ? (
            <span data-testid="domain-limit">
              ({limit.data.used}/{limit.data.max})
            </span>
          ) : null}
        </Button>
      </Tooltip>
    </Authorized>
  );

  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatch={t('domain.list.noMatch')}
      onClearFilters={clearFilters}
      title={t('domain.list.emptyTitle')}
      description={t('domain.list.emptyDescription')}
      action={
        canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={limitReached}
            onClick={() => navigate(createPath(variant))}
          >
            {t('domain.list.addFirst')}
          </Button>
        ) : null
      }
      testId="domain-empty"
    />
  );

  return (
    <PageContainer subTitle={t(`domain.list.subtitle.${variant}`)}>
      {verified ? null : <RealNameRequired banner reason={t('identity.required.domain')} />}
      <PageTable<DomainListItem>
        rowKey="id"
        remote={list}
        failure={t('domain.list.loadFailed')}
        pageState={pageState}
        columns={columns}
        card={card}
        emptyText={emptyText}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const order = one?.order === 'ascend' ? 'asc' : 'desc';
          if (order !== filters.order) change({ order });
        }}
        toolbar={
          <>
            <ListSearch
              text={search}
              onText={setSearch}
              committed={filters.domainName}
              onCommit={(domainName) => change({ domainName })}
              placeholder={t('domain.list.searchPlaceholder')}
              maxLength={limits.domain.nameMax}
              testId="domain-search"
            />
            <ListFilter<DomainStatus>
              value={filters.status}
              onChange={(status) => change({ status })}
              values={domainStatuses}
              label={(status) => t(`domain.status.${status}`)}
              placeholder={t('domain.list.statusFilter')}
              width={160}
              testId="domain-status-filter"
            />
            <ListFilter<AccelerationType>
              value={filters.type}
              onChange={(type) => change({ type })}
              values={accelerationTypes}
              label={(type) => t(`domain.type.${type}`)}
              placeholder={t('domain.list.typeFilter')}
              width={200}
              testId="domain-type-filter"
            />
          </>
        }
        actions={
          <>
            <Authorized permissionId={domainPermission(variant)} action="export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport} data-testid="domain-export">
                {t('domain.list.export')}
              </Button>
            </Authorized>
            {addButton}
          </>
        }
      />
    </PageContainer>
  );
}

/** Names and CNAMEs run to 253 characters: cut short in the table (full on hover) so the actions stay in view. */
const nameMaxWidth = 200;
const cnameMaxWidth = 180;

function DomainNameCell({ row }: { row: DomainListItem }) {
  const variant = useConsoleVariant();
  return (
    <Flex gap={6} align="center" style={{ minWidth: 0 }}>
      <Link to={settingsPath(row.id, 'basic', variant)} data-testid="domain-link" style={{ minWidth: 0 }}>
        <Clipped text={row.domainName} maxWidth={nameMaxWidth} />
      </Link>
      {row.https === 'on' ? <Tag color="green">HTTPS</Tag> : null}
      {row.sample ? <SampleTag /> : null}
    </Flex>
  );
}

/** The request function has already shown why an action failed; the confirmation just closes. */
const quiet = () => undefined;

/**
 * Settings, enable or disable, and delete. Buttons the status does not allow stay visible but disabled, with the
 * reason on hover; buttons the user's actions lack are removed (Authorized).
 */
function RowActions({ row }: { row: DomainListItem }) {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const enable = useDomainAction('enable', variant);
  const disable = useDomainAction('disable', variant);
  const remove = useDomainAction('delete', variant);
  const name = row.domainName;
  const stateBlocked = t('errors.DOMAIN_STATE_CONFLICT');
  return (
    <Space size={0} wrap={false}>
      <Button
        type="link"
        size="small"
        icon={<SettingOutlined />}
        onClick={() => navigate(settingsPath(row.id, 'basic', variant))}
        data-testid="domain-settings"
      >
        {t('domain.list.settings')}
      </Button>
      {canEnableDomain(row.status) ? (
        // Keys keep the enable and disable buttons apart when a row changes status under an open confirmation.
        <Authorized key="enable" permissionId={domainPermission(variant)} action="enable">
          <ConfirmButton
            type="link"
            size="small"
            title={t('domain.list.enableConfirm', { name })}
            onConfirm={() => enable.mutateAsync(row.id).then(() => message.success(t('domain.list.enabled')), quiet)}
            data-testid="domain-enable"
          >
            {t('domain.list.enable')}
          </ConfirmButton>
        </Authorized>
      ) : (
        <Authorized key="disable" permissionId={domainPermission(variant)} action="disable">
          {canDisableDomain(row.status) ? (
            <ConfirmButton
              type="link"
              size="small"
              title={t('domain.list.disableConfirm', { name })}
              description={t('domain.list.disableDescription')}
              onConfirm={() =>
                disable.mutateAsync(row.id).then(() => message.success(t('domain.list.disabled')), quiet)
              }
              data-testid="domain-disable"
            >
              {t('domain.list.disable')}
            </ConfirmButton>
          ) : (
            <Tooltip title={stateBlocked}>
              <Button type="link" size="small" disabled data-testid="domain-disable">
                {t('domain.list.disable')}
              </Button>
            </Tooltip>
          )}
        </Authorized>
      )}
      <Authorized permissionId={domainPermission(variant)} action="delete">
        {canDeleteDomain(row.status) ? (
          <ConfirmButton
            type="link"
            size="small"
            danger
            dangerous
            mode="modal"
            title={t('domain.list.deleteConfirm', { name })}
            description={t('domain.list.deleteDescription')}
            okText={t('domain.delete')}
            onConfirm={() => remove.mutateAsync(row.id).then(() => message.success(t('domain.list.deleting')), quiet)}
            data-testid="domain-delete"
          >
            {t('domain.delete')}
          </ConfirmButton>
        ) : (
          <Tooltip title={t('errors.DOMAIN_NOT_DELETABLE')}>
            <Button type="link" size="small" danger disabled data-testid="domain-delete">
              {t('domain.delete')}
            </Button>
          </Tooltip>
        )}
      </Authorized>
    </Space>
  );
}
