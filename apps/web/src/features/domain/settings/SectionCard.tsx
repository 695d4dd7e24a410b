import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n';

interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Marks the card as holding unsaved edits. */
  dirty?: boolean;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One settings section: a card with its title, what it does, and (for forms) an 'Unsaved changes' mark. */
export function SectionCard({ title, description, dirty, extra, children, testId }: SectionCardProps) {
  const { t } = useI18n();
  return (
    <Card
      data-testid={testId}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{title}</span>
          {dirty ? (
            <Tag color="orange" variant="filled">
              {t('domain.settings.unsaved')}
            </Tag>
          ) : null}
        </Flex>
      }
      extra={extra}
    >
      {description ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {description}
        </Typography.Paragraph>
      ) : null}
      {children}
    </Card>
  );
}

/** Save (submits the surrounding form) and, once there are edits, Reset. `testId` names the save button. */
export function SaveBar({
  saving,
  dirty,
  onReset,
  testId,
}: {
  saving: boolean;
  dirty: boolean;
  onReset: () => void;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Flex gap={8} style={{ marginTop: 16 }}>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={testId}>
        {t('domain.settings.save')}
      </Button>
      {dirty ? (
        <Button htmlType="button" onClick={onReset} disabled={saving}>
          {t('domain.settings.reset')}
        </Button>
      ) : null}
    </Flex>
  );
}
