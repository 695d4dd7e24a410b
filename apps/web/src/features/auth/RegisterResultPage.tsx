import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n';

/** /user/register-result?account=<userName> */
export default function RegisterResultPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <Result
      status="success"
      title={t('account.registerResult.title', { name: searchParams.get('account') ?? '' })}
      subTitle={t('account.registerResult.subtitle')}
      extra={
        <Button type="primary" size="large" autoFocus onClick={() => navigate('/user/login')}>
          {t('account.registerResult.login')}
        </Button>
      }
    />
  );
}
