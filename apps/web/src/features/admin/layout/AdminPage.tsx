import type { StaffCapability } from '@edgeward/contract';
import { Button, Flex, Result, Typography } from 'antd';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../shell';
import { type AdminRoute, pageAccess } from '../admin-routes';
import { useAdminI18n } from '../admin-texts';

/** The page of the route on screen, 403 when the member's role lacks its capability, 404 for an unknown path. */
export function AdminPage({
  route,
  capabilities,
}: {
  route: AdminRoute | undefined;
  capabilities: readonly StaffCapability[];
}) {
  const { t } = useAdminI18n();
  const navigate = useNavigate();
  const access = pageAccess(route, capabilities);
  if (!route || access !== 'page') {
    const status = access === 'forbidden' ? '403' : '404';
    return (
      <Result
        status={status}
        title={status}
        subTitle={t(access === 'forbidden' ? 'common.forbidden.subTitle' : 'common.notFound.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/admin')}>
            {t('admin.layout.backToDashboard')}
          </Button>
        }
        data-testid={`admin-${status}`}
      />
    );
  }
  const Page = route.page;
  return (
    <ErrorBoundary key={route.path}>
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 64 }}>
            <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
          </Flex>
        }
      >
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
