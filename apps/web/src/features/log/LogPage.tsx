import type { LoginLogItem } from '@edgeward/contract';
import { Alert, Flex, type TableProps, Tabs, Tag, Tooltip } from 'antd';
import { useLoginLog } from '../../api/account';
import { useAuthorized } from '../../components/Authorized';
import { PageContainer } from '../../components/PageContainer';
import { PageTable, usePageState } from '../../components/PageTable';
import { accessibleTabBar } from '../../components/tab-bar';
import { useI18n } from '../../i18n';
import { formatTime } from '../../lib/time';
import { describeUserAgent } from '../../lib/user-agent';
import { OperationLogTable } from './OperationLogTable';

/** /log: log management, marked under construction (spec section 2), with the login log and the operation log. */
export default function LogPage() {
  const { t } = useI18n();
  return (
    <PageContainer>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={t('account.log.underConstruction')} />
        <Tabs
          renderTabBar={accessibleTabBar}
          items={[
            { key: 'login', label: t('account.log.loginTab'), children: <LoginLogTable /> },
            { key: 'operation', label: t('account.log.operationTab'), children: <OperationLogTable /> },
          ]}
        />
      </Flex>
    </PageContainer>
  );
}

function LoginLogTable() {
  const { t } = useI18n();
  const pageState = usePageState();
  const allowed = useAuthorized('log', 'query');
  const log = useLoginLog({ page: pageState.page, size: pageState.size }, allowed);
  // Without the query action the read never starts: say why instead of loading forever.
  if (!allowed) return <Alert type="warning" showIcon title={t('common.forbidden.subTitle')} />;

  const columns: TableProps<LoginLogItem>['columns'] = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('account.log.time'),
      render: (at: number) => formatTime(at),
    },
    { key: 'ip', dataIndex: 'ip', title: t('account.log.ip'), render: (ip: string | null) => ip ?? '-' },
    {
      key: 'userAgent',
      dataIndex: 'userAgent',
      title: t('account.log.device'),
      render: (userAgent: string | null) => (
        <Tooltip title={userAgent}>
          <span>{describeUserAgent(userAgent) ?? '-'}</span>
        </Tooltip>
      ),
    },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('account.log.result'),
      render: (result: LoginLogItem['result']) =>
        result === 'success' ? (
          <Tag color="success">{t('account.log.success')}</Tag>
        ) : (
          <Tag color="error">{t('account.log.failure')}</Tag>
        ),
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('account.log.reason'),
      render: (reason: LoginLogItem['reason']) => (reason ? t(`account.log.reason.${reason}`) : '-'),
    },
  ];

  return (
    <PageTable<LoginLogItem>
      rowKey="id"
      columns={columns}
      remote={log}
      failure={t('account.log.loadFailed')}
      pageState={pageState}
    />
  );
}
