import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Result, Skeleton, type SkeletonProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { type Remote, remoteState } from '../lib/remote-state';

export interface LoadErrorProps {
  /** What failed, in the screen's words ('The domain list could not be loaded'). */
  title: ReactNode;
  error: unknown;
  onRetry: () => Promise<unknown>;
  /** A strip above data still shown (a refresh failed) instead of the whole area. */
  banner?: boolean;
}

/** A failed read: what failed, why, the request id to quote to support, and a retry. */
export function LoadError({ title, error, onRetry, banner }: LoadErrorProps) {
  const { t } = useI18n();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void onRetry().finally(() => setRetrying(false));
  };
  const reason = error instanceof ApiError ? error.message : t('request.systemError');
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const details = (
    <Flex vertical gap={4} align={banner ? 'flex-start' : 'center'}>
      <span>{reason}</span>
      {requestId ? (
        <Typography.Text type="secondary" copyable={{ text: requestId }} data-testid="load-error-request-id">
          {t('common.state.requestId', { id: requestId })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
  const button = (
    <Button icon={<ReloadOutlined />} loading={retrying} onClick={retry} data-testid="load-error-retry">
      {t('common.state.retry')}
    </Button>
  );
  return banner ? (
    <Alert type="error" showIcon title={title} description={details} action={button} data-testid="load-error" />
  ) : (
    <Result status="error" title={title} subTitle={details} extra={button} data-testid="load-error" />
  );
}

/** The placeholder while nothing has been loaded yet: a skeleton, never the empty state. */
export function LoadingState(props: SkeletonProps) {
  return (
    <div data-testid="data-loading" aria-busy="true">
      <Skeleton active paragraph={{ rows: 6 }} {...props} />
    </div>
  );
}

export function EmptyState({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={children ?? t('common.noData')} />;
}

export interface DataStateProps<D> {
  remote: Remote<D>;
  /** What failed, shown when the read fails. */
  failure: ReactNode;
  /** Whether an answer counts as empty; without it an answer is never empty. */
  isEmpty?: (data: D) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  children: (data: D) => ReactNode;
}

/** One area that loads data: a skeleton, the failure with a retry, the empty state, or the data. */
export function DataState<D>({ remote, failure, isEmpty, empty, loading, children }: DataStateProps<D>) {
  const state = remoteState(remote, isEmpty ?? (() => false));
  if (state.kind === 'loading') return loading ?? <LoadingState />;
  if (state.kind === 'error') return <LoadError title={failure} error={state.error} onRetry={remote.refetch} />;
  if (state.kind === 'empty') return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      {state.staleError ? (
        <div style={{ marginBottom: 16 }}>
          <LoadError banner title={failure} error={state.staleError} onRetry={remote.refetch} />
        </div>
      ) : null}
      {children(state.data)}
    </>
  );
}
