import { Card, Empty } from 'antd';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';

/** The page of every screen not built yet: its title (from the route table) and a quiet 'Coming soon' state. */
export default function ComingSoonPage() {
  const { t } = useI18n();
  return (
    <PageContainer>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div style={{ fontWeight: 500 }}>{t('common.comingSoon.title')}</div>
              <div>{t('common.comingSoon.description')}</div>
            </>
          }
          style={{ padding: '48px 0' }}
        />
      </Card>
    </PageContainer>
  );
}
