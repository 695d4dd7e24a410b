import { Flex, Layout, Spin, theme } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Logo } from '../components/Logo';
import { ErrorBoundary } from '../features/shell/ErrorPage';
import { useI18n } from '../i18n';

/**
 * Login, registration and password pages: a centered card under the product's name, no login needed. Drawn with
 * theme tokens rather than antd's Card so that the first page a visitor loads stays small. The operator console's
 * sign-in has the same frame under its own line.
 */
export default function AuthLayout({ tagline, children }: { tagline?: string; children?: ReactNode }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="flex-end" style={{ padding: '12px 24px' }}>
        <LanguageSwitcher />
      </Flex>
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', padding: '24px 16px 0' }}>
        <Flex vertical align="center" style={{ width: '100%', maxWidth: 440 }}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 28 }}>
            <Logo size={36} />
            <span style={{ color: token.colorTextSecondary }}>{tagline ?? t('layout.tagline')}</span>
          </Flex>
          <main
            style={{
              width: '100%',
              boxSizing: 'border-box',
              padding: '32px 32px 24px',
              background: token.colorBgContainer,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowTertiary,
            }}
          >
            <ErrorBoundary>
              <Suspense
                fallback={
                  <Flex justify="center" style={{ padding: 48 }}>
                    <Spin />
                  </Flex>
                }
              >
                {children ?? <Outlet />}
              </Suspense>
            </ErrorBoundary>
          </main>
        </Flex>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: 'transparent', color: token.colorTextTertiary }}>
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Layout.Footer>
    </Layout>
  );
}
