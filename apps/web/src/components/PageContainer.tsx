import { Flex, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useI18n } from '../i18n';
import { useCurrentRoute } from '../navigation/current-route';

export interface PageContainerProps {
  /** Defaults to the route's title. */
  title?: ReactNode;
  subTitle?: ReactNode;
  /** Page-level actions, right of the title. */
  extra?: ReactNode;
  children?: ReactNode;
  style?: CSSProperties;
}

/** The one page pattern: a title row (title, subtitle, actions) above the page's content. */
export function PageContainer({ title, subTitle, extra, children, style }: PageContainerProps) {
  const { t } = useI18n();
  const { route } = useCurrentRoute();
  const { token } = theme.useToken();
  const heading = title ?? (route ? t(route.title) : null);
  return (
    <section style={style}>
      <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: token.marginMD }}>
        <Flex align="baseline" gap={12} wrap style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
          {subTitle ? <Typography.Text type="secondary">{subTitle}</Typography.Text> : null}
        </Flex>
        {extra ? (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        ) : null}
      </Flex>
      {children}
    </section>
  );
}
