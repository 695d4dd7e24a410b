import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n';
import { homePathOf } from '../../navigation/route-table';
import { useSession } from '../../stores/session';

/** A page whose permission the user lacks, opened by its address (the menu does not offer it). */
export function ForbiddenPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('common.forbidden.subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate(homePathOf(user?.cdnType))}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
