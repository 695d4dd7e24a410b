import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';

/**
 * What a list page shows for an empty answer: with a search or filter in force, that nothing matches and a way to
 * clear them; otherwise what the list would hold and the first step to fill it.
 */
export function ListEmpty({
  filtered,
  noMatch,
  onClearFilters,
  title,
  description,
  action,
  testId,
}: {
  filtered: boolean;
  noMatch: string;
  onClearFilters: () => void;
  title: string;
  description: string;
  action?: ReactNode;
  testId: string;
}) {
  const { t } = useI18n();
  if (filtered) {
    return (
      <Flex vertical align="center" gap={8}>
        <span>{noMatch}</span>
        <Button size="small" onClick={onClearFilters}>
          {t('common.clearFilters')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '16px 0' }} data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{description}</Typography.Text>
      {action}
    </Flex>
  );
}
