import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n';
import { homePathOf } from '../../navigation/route-table';
import { useSession } from '../../stores/session';

export default function NotFoundPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound.subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate(homePathOf(user?.cdnType))}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
