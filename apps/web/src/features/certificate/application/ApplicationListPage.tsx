import { PlusOutlined } from '@ant-design/icons';
import {
  type CertificateApplicationListItem,
  type CertificateApplicationStatus,
  certificateApplicationStatuses,
} from '@edgeward/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApplicationList } from '../../../api/certificate-application';
import { Authorized, useAuthorized } from '../../../components/Authorized';
import { ListScreen, useListScreen } from '../../../components/ListScreen';
import { PageContainer } from '../../../components/PageContainer';
import { useI18n } from '../../../i18n';
import { formatDate, formatTime } from '../../../lib/time';
import { CertificateNames } from '../CertificateNames';
import { ApplicationStatusTag } from './ApplicationStatusTag';
import { applicationPath, namesOf } from './application-display';
import { NewApplicationModal } from './NewApplicationModal';

interface Filters {
  search: string;
  status?: CertificateApplicationStatus;
}

/** The search box allows a whole domain name, the longest thing an application's names hold. */
const SEARCH_MAX = 253;

/** /certificate/order: the customer's certificate applications, with search and a status filter, and new ones. */
export default function ApplicationListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const screen = useListScreen<Filters>({ search: '' });
  const [creating, setCreating] = useState(false);
  const canAdd = useAuthorized('certificate', 'add');
  const list = useApplicationList(screen.query);

  const idCell = (row: CertificateApplicationListItem) => (
    <Link to={applicationPath(row.id)} data-testid="application-open">
      #{row.id}
    </Link>
  );
  const validity = (row: CertificateApplicationListItem) =>
    row.notAfter === null ? '-' : t('certificate.application.list.validUntil', { date: formatDate(row.notAfter) });

  const columns: ColumnsType<CertificateApplicationListItem> = [
    { title: t('certificate.application.field.id'), dataIndex: 'id', render: (_: number, row) => idCell(row) },
    {
      title: t('certificate.application.field.domainNames'),
      key: 'names',
      render: (_, row) => <CertificateNames certificate={namesOf(row)} />,
    },
    { title: t('certificate.application.field.keyType'), dataIndex: 'keyType' },
    {
      title: t('certificate.application.field.status'),
      key: 'status',
      render: (_, row) => <ApplicationStatusTag status={row.status} />,
    },
    { title: t('certificate.application.field.validity'), key: 'validity', render: (_, row) => validity(row) },
    {
      title: t('certificate.application.field.createdAt'),
      dataIndex: 'createdAt',
      render: (value: number) => formatTime(value),
    },
  ];
  const detailButton = (row: CertificateApplicationListItem) => (
    <Button type="link" size="small" onClick={() => navigate(applicationPath(row.id))}>
      {t('certificate.action.detail')}
    </Button>
  );

  const card = (row: CertificateApplicationListItem) => (
    <Card size="small" data-testid="application-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          {idCell(row)}
          <ApplicationStatusTag status={row.status} />
        </Flex>
        <CertificateNames certificate={namesOf(row)} />
        <Typography.Text type="secondary">
          {row.keyType} · {formatTime(row.createdAt)} · {validity(row)}
        </Typography.Text>
      </Flex>
    </Card>
  );

  const newButton = (label: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="application-new">
      {label}
    </Button>
  );

  return (
    <PageContainer subTitle={t('certificate.application.list.subtitle')}>
      <ListScreen<CertificateApplicationListItem, Filters>
        screen={screen}
        remote={list}
        failure={t('certificate.application.list.loadFailed')}
        columns={columns}
        rowActions={{ title: t('certificate.actions'), render: detailButton }}
        card={card}
        search={{
          key: 'search',
          placeholder: t('certificate.application.list.searchPlaceholder'),
          maxLength: SEARCH_MAX,
          testId: 'application-search',
        }}
        choices={[
          {
            key: 'status',
            values: certificateApplicationStatuses,
            label: (status) => t(`certificate.application.status.${status}`),
            placeholder: t('certificate.application.list.statusFilter'),
            width: 200,
            testId: 'application-status-filter',
          },
        ]}
        empty={{
          noMatch: t('certificate.application.list.noMatch'),
          title: t('certificate.application.list.emptyTitle'),
          description: t('certificate.application.list.emptyDescription'),
          action: canAdd ? newButton(t('certificate.application.list.applyFirst')) : null,
          testId: 'application-empty',
        }}
        actions={
          <Authorized permissionId="certificate" action="add">
            {newButton(t('certificate.application.list.new'))}
          </Authorized>
        }
      />
      <NewApplicationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(applicationPath(id));
        }}
      />
    </PageContainer>
  );
}
