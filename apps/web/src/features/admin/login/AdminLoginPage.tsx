import { type StaffLoginResult, StaffLoginSchema } from '@edgeward/contract';
import { Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useStaffLogin } from '../../../api/admin';
import { staffLanding, staffSession, useStaffToken } from '../../../stores/staff-session';
import { LoginForm, type LoginValues } from '../../auth';
import { useAdminI18n } from '../admin-texts';
import { StaffCodeStep } from './StaffCodeStep';

type SecondStep = Exclude<StaffLoginResult, { token: string }>;

const staffFields = async () => StaffLoginSchema.shape;

/**
 * /admin/login: the staff sign-in. The password first; then the code of the member's authenticator app, or, the
 * first time (or after an admin reset it), the set-up of two-factor sign-in, whose first code signs in too.
 */
export default function AdminLoginPage() {
  const { t } = useAdminI18n();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const login = useStaffLogin();
  const token = useStaffToken();
  const [step, setStep] = useState<SecondStep | null>(null);

  useEffect(() => {
    document.title = `${t('admin.login.title')} - Edgeward`;
  }, [t]);

  // Signed in (now, or already in this tab): on to the page that was wanted.
  if (token) return <Navigate to={staffLanding(searchParams.get('redirect'))} replace />;

  const back = () => {
    setStep(null);
    form.setFieldValue('password', '');
  };

  if (step) return <StaffCodeStep step={step} onSignedIn={staffSession.setToken} onBack={back} />;

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
        {t('admin.login.title')}
      </Typography.Title>
      <LoginForm
        form={form}
        fields={staffFields}
        forgotPassword={false}
        captcha={undefined}
        submitting={login.isPending}
        onFinish={({ userName, password }) =>
          login.mutate(
            { userName, password },
            {
              onSuccess: (result) => ('token' in result ? staffSession.setToken(result.token) : setStep(result)),
              onError: () => form.focusField('password'),
            },
          )
        }
      />
    </>
  );
}
