import { UserOutlined } from '@ant-design/icons';
import type { LoginLogItem, Profile } from '@edgeward/contract';
import { Avatar, Card, Col, Descriptions, Flex, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLoginLog } from '../../api/account';
import { useBalance } from '../../api/commerce';
import { useRealNameStatus } from '../../api/identity';
import { useApiKeys, useTwoFactorStatus } from '../../api/security';
import { useAuthorized } from '../../components/Authorized';
import { DataState, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { maskEmail, maskPhone } from '../../lib/mask';
import { formatTime } from '../../lib/time';
import { menuScopesOf } from '../../navigation/route-table';
import { useSession } from '../../stores/session';
import { PackagesInForce, yuan } from '../commerce';
import { DomainStatusCounts } from '../domain';
import { MaskedIdentity } from '../identity';

type Scope = ReturnType<typeof menuScopesOf>[number];

/** Where each variant's domains and packages are managed. */
const scopePaths: Record<Scope, { domains: string; packages: string; domainPermission: 'domain' | 'eodomain' }> = {
  cdn: { domains: '/domain', packages: '/plan', domainPermission: 'domain' },
  eo: { domains: '/eodomain', packages: '/eoPlan', domainPermission: 'eodomain' },
};

/** A card of the summary: its title, a link to the place where the thing is managed, and what it shows. */
function SummaryCard({
  title,
  link,
  testId,
  children,
}: {
  title: string;
  link?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={link} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

function ProfileCard({ user, scopes }: { user: Profile; scopes: Scope[] }) {
  const { t } = useI18n();
  return (
    <SummaryCard
      title={t('account.info.profile')}
      link={<Link to="/account/settings/basic">{t('account.info.editProfile')}</Link>}
      testId="account-info-profile"
    >
      <Flex gap={16} align="flex-start">
        <Avatar size={56} src={user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
        <Descriptions column={1} size="small" style={{ minWidth: 0, flex: 1 }}>
          <Descriptions.Item label={t('account.info.userName')}>
            <Typography.Text strong data-testid="account-info-user-name">
              {user.userName}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.info.accountId')}>
            <Typography.Text copyable data-testid="account-info-id">
              {String(user.id)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.info.email')}>
            <span data-testid="account-info-email">{maskEmail(user.email)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.info.phone')}>
            {user.phone ? (
              maskPhone(user.phone)
            ) : (
              <Typography.Text type="secondary">{t('account.info.notSet')}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.info.variants')}>
            <Space size={4} wrap data-testid="account-info-variants">
              {scopes.map((scope) => (
                <Tag key={scope}>{t(`layout.tabs.variant.${scope}`)}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.info.registeredAt')}>{formatTime(user.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Flex>
    </SummaryCard>
  );
}

function RealNameCard() {
  const { t } = useI18n();
  const status = useRealNameStatus();
  return (
    <SummaryCard title={t('account.info.realName')} testId="account-info-real-name">
      <DataState remote={status} failure={t('identity.loadFailed')} loading={<LoadingState paragraph={{ rows: 2 }} />}>
        {(data) => <MaskedIdentity status={data} withLink />}
      </DataState>
    </SummaryCard>
  );
}

function BalanceCard() {
  const { t } = useI18n();
  const balance = useBalance();
  return (
    <SummaryCard
      title={t('commerce.balance.title')}
      testId="account-info-balance"
      link={
        <Space size={12}>
          <Link to="/recharge">{t('account.info.recharge')}</Link>
          <Link to="/recharge#statement">{t('account.info.statement')}</Link>
        </Space>
      }
    >
      <DataState
        remote={balance}
        failure={t('commerce.balance.loadFailed')}
        loading={<LoadingState paragraph={{ rows: 1 }} />}
      >
        {(data) => (
          <Statistic
            title={t('account.info.available')}
            value={yuan(data.balanceFen)}
            valueRender={(node) => <span data-testid="account-info-balance-value">{node}</span>}
          />
        )}
      </DataState>
    </SummaryCard>
  );
}

/** Two-factor sign-in on or off. */
function TwoFactorLine() {
  const { t } = useI18n();
  const status = useTwoFactorStatus();
  return (
    <DataState remote={status} failure={t('account.info.twoFactorFailed')} loading={<LoadingState paragraph={false} />}>
      {(data) => (
        <Space wrap data-testid="account-info-two-factor">
          <Typography.Text type={data.enabled ? 'success' : 'warning'}>
            {t(data.enabled ? 'account.info.twoFactorOn' : 'account.info.twoFactorOff')}
          </Typography.Text>
          <Link to="/account/settings/security">{t(data.enabled ? 'account.info.manage' : 'account.info.turnOn')}</Link>
        </Space>
      )}
    </DataState>
  );
}

/** API keys enabled out of all the account holds. */
function ApiKeysLine() {
  const { t } = useI18n();
  const keys = useApiKeys();
  return (
    <DataState remote={keys} failure={t('account.info.apiKeysFailed')} loading={<LoadingState paragraph={false} />}>
      {(data) => (
        <Space wrap data-testid="account-info-api-keys">
          <span>
            {t('account.info.apiKeysInUse', {
              enabled: data.filter((key) => key.enabled).length,
              total: data.length,
            })}
          </span>
          <Link to="/key">{t('account.info.manage')}</Link>
        </Space>
      )}
    </DataState>
  );
}

/** The newest successful sign-in among the latest attempts (normally the one of this session). */
function LastSignInLine() {
  const { t } = useI18n();
  const log = useLoginLog({ page: 1, size: 20 });
  const lastSuccess = (list: LoginLogItem[]) => list.find((row) => row.result === 'success');
  return (
    <DataState
      remote={log}
      failure={t('account.info.lastSignInFailed')}
      isEmpty={(data) => lastSuccess(data.list) === undefined}
      empty={t('account.info.noSignIn')}
      loading={<LoadingState paragraph={false} />}
    >
      {(data) => {
        const row = lastSuccess(data.list);
        return (
          <Space wrap data-testid="account-info-last-sign-in">
            <span>{formatTime(row?.createdAt)}</span>
            <Typography.Text type="secondary">{row?.ip ?? '-'}</Typography.Text>
            <Link to="/log">{t('account.info.loginLog')}</Link>
          </Space>
        );
      }}
    </DataState>
  );
}

function SecurityCard() {
  const { t } = useI18n();
  const keysAllowed = useAuthorized('key', 'query');
  const logAllowed = useAuthorized('log', 'query');
  return (
    <SummaryCard title={t('account.info.security')} testId="account-info-security">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('account.info.twoFactor')}>
          <TwoFactorLine />
        </Descriptions.Item>
        {keysAllowed ? (
          <Descriptions.Item label={t('account.info.apiKeys')}>
            <ApiKeysLine />
          </Descriptions.Item>
        ) : null}
        {logAllowed ? (
          <Descriptions.Item label={t('account.info.lastSignIn')}>
            <LastSignInLine />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </SummaryCard>
  );
}

function VariantCards({ scope, multiple }: { scope: Scope; multiple: boolean }) {
  const { t } = useI18n();
  const paths = scopePaths[scope];
  const domainsAllowed = useAuthorized(paths.domainPermission);
  const packagesAllowed = useAuthorized('plan');
  // With both menus, each card names its variant; with one, the variant goes without saying.
  const suffix = multiple ? ` · ${t(`layout.tabs.variant.${scope}`)}` : '';
  return (
    <>
      {packagesAllowed ? (
        <Col xs={24} lg={12}>
          <SummaryCard
            title={`${t('account.info.packages')}${suffix}`}
            link={<Link to={paths.packages}>{t('account.info.viewAll')}</Link>}
            testId={`account-info-packages-${scope}`}
          >
            <PackagesInForce scope={scope} />
          </SummaryCard>
        </Col>
      ) : null}
      {domainsAllowed ? (
        <Col xs={24} lg={12}>
          <SummaryCard
            title={`${t('account.info.domains')}${suffix}`}
            link={<Link to={paths.domains}>{t('account.info.viewAll')}</Link>}
            testId={`account-info-domains-${scope}`}
          >
            <DomainStatusCounts variant={scope} />
          </SummaryCard>
        </Col>
      ) : null}
    </>
  );
}

/**
 * /account/info: the account at a glance, each part read on its own (a failed read blanks only its card) and linked
 * to the place where it is managed.
 */
export default function AccountInfoPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const balanceAllowed = useAuthorized('order');
  if (!user) return <LoadingState />;
  const scopes = menuScopesOf(user.cdnType);
  return (
    <PageContainer subTitle={t('account.info.subtitle')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileCard user={user} scopes={scopes} />
        </Col>
        <Col xs={24} lg={12}>
          <RealNameCard />
        </Col>
        {balanceAllowed ? (
          <Col xs={24} lg={12}>
            <BalanceCard />
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <SecurityCard />
        </Col>
        {scopes.map((scope) => (
          <VariantCards key={scope} scope={scope} multiple={scopes.length > 1} />
        ))}
      </Row>
    </PageContainer>
  );
}
