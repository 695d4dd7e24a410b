import type { StaffNoticePreview } from '@edgeward/contract';
import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { PageContainer } from '../../../components/PageContainer';
import { MessageView } from '../../message';
import { useAdminI18n } from '../admin-texts';
import { NoticeForm } from './NoticeForm';
import { SentNotices } from './SentNotices';

interface Previewed extends StaffNoticePreview {
  at: number;
}

/**
 * The server's preview drawn as the customer's message centre draws a message (its title, kind, time and the
 * sanitized HTML): the HTML shown is the server's answer, never the draft as typed.
 */
function NoticePreview({ preview }: { preview: Previewed | null }) {
  const { t } = useAdminI18n();
  return (
    <Card title={t('adminNotice.preview.title')} size="small" data-testid="admin-notice-preview">
      <div aria-live="polite">
        {preview ? (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t('adminNotice.preview.hint')}</Typography.Text>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="admin-notice-preview-title">
              {preview.title}
            </Typography.Title>
            <MessageView kind="notice" time={preview.at} html={preview.html} />
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminNotice.preview.none')} />
        )}
      </div>
    </Card>
  );
}

/** /admin/notices: write a notice, preview it as the customer will see it, send it; the notices sent below. */
export default function NoticesPage() {
  const { t } = useAdminI18n();
  const [preview, setPreview] = useState<Previewed | null>(null);
  const onPreview = useCallback((answer: StaffNoticePreview) => setPreview({ ...answer, at: Date.now() }), []);
  const onDraftChange = useCallback(() => setPreview(null), []);

  return (
    <PageContainer title={t('adminNotice.menu.notices')} subTitle={t('adminNotice.subtitle')}>
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <NoticeForm onPreview={onPreview} onDraftChange={onDraftChange} />
          </Col>
          <Col xs={24} lg={12}>
            <NoticePreview preview={preview} />
          </Col>
        </Row>
        <SentNotices />
      </Flex>
    </PageContainer>
  );
}
