import { Alert, Flex, Layout, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../../features/shell/ErrorPage';
import { ForbiddenPage } from '../../features/shell/ForbiddenPage';
import { useI18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';

interface PageAreaProps {
  mobile: boolean;
  allowed: boolean;
  /** The route's path: another page starts with a fresh error boundary. */
  pagePath: string;
  /** Counts the header's refreshes: each draws the page anew. */
  refreshKey: number;
}

/** The page under the header: the route's screen (or 'forbidden'), its loading text and its error boundary. */
export function PageArea({ mobile, allowed, pagePath, refreshKey }: PageAreaProps) {
  const { t } = useI18n();
  const { contentWidth } = useSettings();
  const simulated = useSession().user?.simulated === true;
  return (
    <Layout.Content style={{ padding: mobile ? 12 : 24 }}>
      {simulated ? (
        <Alert
          type="warning"
          showIcon
          banner
          data-testid="simulation-banner"
          message={t('layout.simulated')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <main
        id="main-content"
        tabIndex={-1}
        style={{ outline: 'none', ...(contentWidth === 'fixed' ? { maxWidth: 1200, marginInline: 'auto' } : {}) }}
      >
        <ErrorBoundary key={`${refreshKey}:${pagePath}`}>
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 64 }}>
                <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
              </Flex>
            }
          >
            {allowed ? <Outlet key={refreshKey} /> : <ForbiddenPage />}
          </Suspense>
        </ErrorBoundary>
      </main>
    </Layout.Content>
  );
}

export function MainFooter() {
  const { t } = useI18n();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography.Text>
    </Layout.Footer>
  );
}
