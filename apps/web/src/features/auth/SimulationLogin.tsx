import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSimulationLogin } from '../../api/account';
import { useI18n } from '../../i18n';
import { sessionStore } from '../../stores/session';

/** /user/login/:token — a simulated login: the token is exchanged for a session, or the failure is shown. */
export default function SimulationLogin({ token }: { token: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const simulation = useSimulationLogin();
  const { mutate } = simulation;
  // A simulation token works once; the ref keeps a development double effect from spending it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token, {
      onSuccess: (data) => {
        sessionStore.setToken(data.token);
        navigate('/', { replace: true });
      },
    });
  }, [token, mutate, navigate]);

  if (simulation.isError) {
    return (
      <Result
        status="error"
        title={t('account.login.simulationFailed')}
        subTitle={simulation.error.message}
        extra={
          <Button type="primary" onClick={() => navigate('/user/login', { replace: true })}>
            {t('account.login.toLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '48px 0' }}>
      <Spin size="large" />
      <Typography.Text>{t('account.login.simulating')}</Typography.Text>
    </Flex>
  );
}
