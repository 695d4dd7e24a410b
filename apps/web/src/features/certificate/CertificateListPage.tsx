import { CloudUploadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type CertificateDeployResult,
  type CertificateListItem,
  type CertificateSource,
  certificateExpiryFilters,
  certificateSources,
} from '@edgeward/contract';
import { App, Button, Card, Flex, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCertificateList, useDeleteCertificate } from '../../api/certificate';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ListEmpty } from '../../components/ListEmpty';
import { ListFilter, ListSearch, useListState } from '../../components/ListFilters';
import { PageContainer } from '../../components/PageContainer';
import { PageTable } from '../../components/PageTable';
import { useI18n } from '../../i18n';
import { formatDate, formatTime } from '../../lib/time';
import { CertificateDrawer } from './CertificateDrawer';
import { CertificateFormModal, type CertificateFormTarget } from './CertificateFormModal';
import { CertificateNames, DeployedDomains } from './CertificateNames';
import { RenewalSummary } from './CertificateRenewal';
import { CertificateValidityTag } from './CertificateValidityTag';
import { DeployModal, DeployResults } from './DeployModal';

type ExpiryFilter = (typeof certificateExpiryFilters)[number];

interface Filters {
  search: string;
  expiry?: ExpiryFilter;
  source?: CertificateSource;
}

/** What the row actions open: the drawer, the upload/replace form, the deployment. */
interface Opened {
  detail?: number;
  form?: CertificateFormTarget;
  deploy?: CertificateListItem;
  /** A replacement's redeployment outcomes. */
  replaced?: { name: string; results: CertificateDeployResult[] };
}

/** The search box allows a whole domain name, the longest thing a certificate's names hold. */
const SEARCH_MAX = 253;

/** /certificate/manage: the customer's certificates, with search, expiry and source filters, and their actions. */
export default function CertificateListPage() {
  const { t } = useI18n();
  const { pageState, search, setSearch, filters, change, clear } = useListState<Filters>({ search: '' });
  const [opened, setOpened] = useState<Opened>({});
  const canAdd = useAuthorized('certificate', 'add');
  const list = useCertificateList({
    page: pageState.page,
    size: pageState.size,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.expiry ? { expiry: filters.expiry } : {}),
    ...(filters.source ? { source: filters.source } : {}),
  });

  const filtered = Boolean(filters.search || filters.expiry || filters.source);
  const clearFilters = () => clear();
  const open = (next: Opened) => setOpened(next);
  const close = () => setOpened({});

  const actions = (row: CertificateListItem) => (
    <RowActions
      row={row}
      onDetail={() => open({ detail: row.id })}
      onDeploy={() => open({ deploy: row })}
      onReplace={() => open({ form: { mode: 'replace', certificate: row } })}
    />
  );

  const nameCell = (row: CertificateListItem) => (
    <Typography.Link onClick={() => open({ detail: row.id })} data-testid="certificate-name">
      <Clipped text={row.name} maxWidth={180} />
    </Typography.Link>
  );

  const columns: ColumnsType<CertificateListItem> = [
    { title: t('certificate.field.name'), dataIndex: 'name', render: (_: string, row) => nameCell(row) },
    {
      title: t('certificate.field.names'),
      key: 'names',
      render: (_, row) => <CertificateNames certificate={row} />,
    },
    {
      title: t('certificate.field.issuerAndKey'),
      key: 'issuer',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Clipped text={row.issuer} maxWidth={160} />
          <Typography.Text type="secondary">
            {row.keyType} {row.keyBits}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('certificate.field.validity'),
      key: 'validity',
      render: (_, row) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text title={`${formatTime(row.notBefore)} ~ ${formatTime(row.notAfter)}`}>
            {formatDate(row.notAfter)}
          </Typography.Text>
          <CertificateValidityTag certificate={row} />
          <RenewalSummary renewal={row.renewal} />
        </Flex>
      ),
    },
    {
      title: t('certificate.field.deployedTo'),
      key: 'deployed',
      render: (_, row) => <DeployedDomains domains={row.deployedDomains} />,
    },
    { title: t('certificate.actions'), key: 'actions', fixed: 'right', render: (_, row) => actions(row) },
  ];

  const card = (row: CertificateListItem) => (
    <Card size="small" data-testid="certificate-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          {nameCell(row)}
          <CertificateValidityTag certificate={row} />
        </Flex>
        <CertificateNames certificate={row} />
        <Typography.Text type="secondary">
          {row.issuer} · {row.keyType} {row.keyBits} · {formatDate(row.notAfter)}
        </Typography.Text>
        <DeployedDomains domains={row.deployedDomains} />
        <RenewalSummary renewal={row.renewal} />
        {actions(row)}
      </Flex>
    </Card>
  );

  const uploadButton = (label: string) => (
    <Button
      type="primary"
      icon={<UploadOutlined />}
      onClick={() => open({ form: { mode: 'upload' } })}
      data-testid="certificate-upload"
    >
      {label}
    </Button>
  );

  const emptyText = (
    <ListEmpty
      filtered={filtered}
      noMatch={t('certificate.list.noMatch')}
      onClearFilters={clearFilters}
      title={t('certificate.list.emptyTitle')}
      description={t('certificate.list.emptyDescription')}
      action={canAdd ? uploadButton(t('certificate.list.uploadFirst')) : null}
      testId="certificate-empty"
    />
  );

  return (
    <PageContainer subTitle={t('certificate.list.subtitle')}>
      <PageTable<CertificateListItem>
        rowKey="id"
        remote={list}
        failure={t('certificate.list.loadFailed')}
        pageState={pageState}
        columns={columns}
        card={card}
        emptyText={emptyText}
        toolbar={
          <>
            <ListSearch
              text={search}
              onText={setSearch}
              committed={filters.search}
              onCommit={(search) => change({ search })}
              placeholder={t('certificate.list.searchPlaceholder')}
              maxLength={SEARCH_MAX}
              testId="certificate-search"
            />
            <ListFilter<ExpiryFilter>
              value={filters.expiry}
              onChange={(expiry) => change({ expiry })}
              values={certificateExpiryFilters}
              label={(expiry) => t(`certificate.expiry.${expiry}`)}
              placeholder={t('certificate.list.expiryFilter')}
              width={200}
              testId="certificate-expiry-filter"
            />
            <ListFilter<CertificateSource>
              value={filters.source}
              onChange={(source) => change({ source })}
              values={certificateSources}
              label={(source) => t(`certificate.source.${source}`)}
              placeholder={t('certificate.list.sourceFilter')}
              width={160}
              testId="certificate-source-filter"
            />
          </>
        }
        actions={
          <Authorized permissionId="certificate" action="add">
            {uploadButton(t('certificate.list.upload'))}
          </Authorized>
        }
      />
      <CertificateDrawer id={opened.detail} onClose={close} />
      <CertificateFormModal
        target={opened.form}
        onClose={close}
        onReplaced={(certificate, results) =>
          setOpened(results.length ? { replaced: { name: certificate.name, results } } : {})
        }
      />
      <DeployModal certificate={opened.deploy} onClose={close} />
      <Modal
        open={opened.replaced !== undefined}
        title={opened.replaced ? t('certificate.form.replaceTitle', { name: opened.replaced.name }) : null}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('certificate.deploy.close')}
          </Button>
        }
      >
        {opened.replaced ? <DeployResults results={opened.replaced.results} /> : null}
      </Modal>
    </PageContainer>
  );
}

/** The request function has already shown why an action failed (a deployed certificate names its domains). */
const quiet = () => undefined;

function RowActions({
  row,
  onDetail,
  onDeploy,
  onReplace,
}: {
  row: CertificateListItem;
  onDetail: () => void;
  onDeploy: () => void;
  onReplace: () => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const remove = useDeleteCertificate();
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={onDetail} data-testid="certificate-detail-open">
        {t('certificate.action.detail')}
      </Button>
      <Authorized permissionId="certificate" action="edit">
        <Button
          type="link"
          size="small"
          icon={<CloudUploadOutlined />}
          onClick={onDeploy}
          data-testid="certificate-deploy"
        >
          {t('certificate.action.deploy')}
        </Button>
        <Button type="link" size="small" onClick={onReplace} data-testid="certificate-replace">
          {t('certificate.action.replace')}
        </Button>
      </Authorized>
      <Authorized permissionId="certificate" action="delete">
        <ConfirmButton
          type="link"
          size="small"
          danger
          dangerous
          mode="modal"
          title={t('certificate.delete.confirm', { name: row.name })}
          description={t('certificate.delete.description')}
          okText={t('certificate.action.delete')}
          onConfirm={() => remove.mutateAsync(row.id).then(() => message.success(t('certificate.delete.done')), quiet)}
          data-testid="certificate-delete"
        >
          {t('certificate.action.delete')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );
}
