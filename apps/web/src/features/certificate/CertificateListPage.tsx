import { UploadOutlined } from '@ant-design/icons';
import {
  type CertificateListItem,
  type CertificateSource,
  certificateExpiryFilters,
  certificateSources,
} from '@edgeward/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCertificateList } from '../../api/certificate';
import { Authorized, useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { ListScreen, useListScreen } from '../../components/ListScreen';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { formatDate, formatTime } from '../../lib/time';
import { CertificateDialogs, type Opened } from './CertificateDialogs';
import { CertificateNames, DeployedDomains } from './CertificateNames';
import { RenewalSummary } from './CertificateRenewal';
import { CertificateRowActions } from './CertificateRowActions';
import { CertificateValidityTag } from './CertificateValidityTag';

type ExpiryFilter = (typeof certificateExpiryFilters)[number];

interface Filters {
  search: string;
  expiry?: ExpiryFilter;
  source?: CertificateSource;
}

/** The search box allows a whole domain name, the longest thing a certificate's names hold. */
const SEARCH_MAX = 253;

/** /certificate/manage: the customer's certificates, with search, expiry and source filters, and their actions. */
export default function CertificateListPage() {
  const { t } = useI18n();
  const screen = useListScreen<Filters>({ search: '' });
  const [opened, setOpened] = useState<Opened>({});
  const canAdd = useAuthorized('certificate', 'add');
  const list = useCertificateList(screen.query);
  const open = (next: Opened) => setOpened(next);
  const close = () => setOpened({});
  const columns = useColumns(open);

  const actions = (row: CertificateListItem) => (
    <CertificateRowActions
      row={row}
      onDetail={() => open({ detail: row.id })}
      onDeploy={() => open({ deploy: row })}
      onReplace={() => open({ form: { mode: 'replace', certificate: row } })}
    />
  );

  const card = (row: CertificateListItem) => (
    <Card size="small" data-testid="certificate-card">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8}>
          <CertificateName row={row} onOpen={open} />
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

  return (
    <PageContainer subTitle={t('certificate.list.subtitle')}>
      <ListScreen<CertificateListItem, Filters>
        screen={screen}
        remote={list}
        failure={t('certificate.list.loadFailed')}
        columns={columns}
        rowActions={{ title: t('certificate.actions'), render: actions }}
        card={card}
        search={{
          key: 'search',
          placeholder: t('certificate.list.searchPlaceholder'),
          maxLength: SEARCH_MAX,
          testId: 'certificate-search',
        }}
        choices={[
          {
            key: 'expiry',
            values: certificateExpiryFilters,
            label: (expiry) => t(`certificate.expiry.${expiry}`),
            placeholder: t('certificate.list.expiryFilter'),
            width: 200,
            testId: 'certificate-expiry-filter',
          },
          {
            key: 'source',
            values: certificateSources,
            label: (source) => t(`certificate.source.${source}`),
            placeholder: t('certificate.list.sourceFilter'),
            width: 160,
            testId: 'certificate-source-filter',
          },
        ]}
        empty={{
          noMatch: t('certificate.list.noMatch'),
          title: t('certificate.list.emptyTitle'),
          description: t('certificate.list.emptyDescription'),
          action: canAdd ? uploadButton(t('certificate.list.uploadFirst')) : null,
          testId: 'certificate-empty',
        }}
        actions={
          <Authorized permissionId="certificate" action="add">
            {uploadButton(t('certificate.list.upload'))}
          </Authorized>
        }
      />
      <CertificateDialogs opened={opened} onOpen={setOpened} onClose={close} />
    </PageContainer>
  );
}

function CertificateName({ row, onOpen }: { row: CertificateListItem; onOpen: (next: Opened) => void }) {
  return (
    <Typography.Link onClick={() => onOpen({ detail: row.id })} data-testid="certificate-name">
      <Clipped text={row.name} maxWidth={180} />
    </Typography.Link>
  );
}

function useColumns(open: (next: Opened) => void): ColumnsType<CertificateListItem> {
  const { t } = useI18n();
  return [
    {
      title: t('certificate.field.name'),
      dataIndex: 'name',
      render: (_: string, row) => <CertificateName row={row} onOpen={open} />,
    },
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
  ];
}
