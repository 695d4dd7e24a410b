import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useI18n } from '../../i18n';
import { ChunkLoadTimeoutError } from '../../navigation/lazy-page';

/** A chunk that did not arrive: the browsers' texts differ, so several are recognized. */
function isChunkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    error.message,
  );
}

/**
 * What the user sees when a page cannot be shown: the cause in their language and a way out. Built from light
 * parts only: it ships in the first chunk, because it must work when later chunks cannot be loaded.
 */
function ErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const subTitle =
    error instanceof ChunkLoadTimeoutError
      ? t('common.error.chunkTimeout')
      : isChunkFailure(error)
        ? t('common.error.chunkFailed')
        : t('common.error.subTitle');
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '64px 24px', textAlign: 'center' }} role="alert">
      <CloseCircleFilled style={{ fontSize: 56, color: token.colorError }} />
      <div style={{ fontSize: token.fontSizeHeading4, fontWeight: 600, color: token.colorTextHeading }}>
        {t('common.error.title')}
      </div>
      <div style={{ color: token.colorTextSecondary, maxWidth: 480 }} data-testid="error-page-reason">
        {subTitle}
      </div>
      <Flex gap={8} justify="center" style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.error.reload')}
        </Button>
        <Button href="/">{t('common.backHome')}</Button>
      </Flex>
    </Flex>
  );
}

/** The router's error element: errors thrown while matching or rendering outside the layouts' own boundary. */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}

interface BoundaryState {
  error: unknown;
}

/** Catches a page's render errors (and chunk failures) so that the header, menu and tabs stay usable. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
