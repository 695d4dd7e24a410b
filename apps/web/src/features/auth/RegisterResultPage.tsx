import { Button, Result } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n';

/**
 * /user/register-result?account=<userName>, where the register form goes on success. Opened without an account
 * (a typed or bookmarked address), there is no registration to speak of: the register form instead.
 */
export default function RegisterResultPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const account = searchParams.get('account')?.trim();
  if (!account) return <Navigate to="/user/register" replace />;
  return (
    <Result
      status="success"
      title={t('account.registerResult.title', { name: account })}
      subTitle={t('account.registerResult.subtitle')}
      extra={
        <Button type="primary" size="large" autoFocus onClick={() => navigate('/user/login')}>
          {t('account.registerResult.login')}
        </Button>
      }
    />
  );
}
