import { Card, Flex, Grid, Menu, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { BasicSettings } from './BasicSettings';
import { SecuritySettings } from './SecuritySettings';

type Section = 'basic' | 'security';

/** /account/settings/basic and /account/settings/security: one page, the section read from the path. */
export default function AccountSettingsPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  const section: Section = pathname.replace(/\/$/, '').endsWith('/security') ? 'security' : 'basic';
  const items = [
    { key: 'basic', label: t('account.settings.basic') },
    { key: 'security', label: t('account.settings.security') },
  ];
  const title = section === 'security' ? t('account.settings.security') : t('account.settings.basic');

  return (
    <PageContainer>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex vertical={!wide}>
          <Menu
            mode={wide ? 'inline' : 'horizontal'}
            selectedKeys={[section]}
            items={items}
            onClick={({ key }) => navigate(`/account/settings/${key}`)}
            style={wide ? { width: 224, flex: 'none', paddingTop: 16 } : undefined}
          />
          <div style={{ flex: 1, minWidth: 0, padding: wide ? '24px 40px' : 16 }}>
            <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
              {title}
            </Typography.Title>
            {section === 'security' ? <SecuritySettings /> : <BasicSettings />}
          </div>
        </Flex>
      </Card>
    </PageContainer>
  );
}
