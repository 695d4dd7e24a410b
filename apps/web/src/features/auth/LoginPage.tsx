import { Form, theme } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { loadUserRoutes, useLogin } from '../../api/auth';
import { InlineLink } from '../../components/InlineLink';
import { useI18n, withConsoleTexts } from '../../i18n';
import { onFirstInteraction } from '../../lib/first-interaction';
import { applyServerErrors, errorIdOf } from '../../lib/form';
import { prefetchLanding, preloadConsole } from '../../navigation/console-preload';
import { lazyPage } from '../../navigation/lazy-page';
import { safeRedirect } from '../../navigation/navigate';
import { sessionStore } from '../../stores/session';
import { useCaptchaField } from './CaptchaField';
import { LoginForm, type LoginValues } from './LoginForm';
import type { SecondFactorStepProps } from './SecondFactorStep';

// Only a login link with a token needs it (and antd's Result): its own chunk, off the login page's first load.
const SimulationLogin = lazyPage<{ token: string }>(() => import('./SimulationLogin'));
// Only accounts with two-factor sign-in reach it: its own chunk too.
// The step's texts are the security area's, which come with the console's.
const SecondFactorStep = lazyPage<SecondFactorStepProps>(withConsoleTexts(() => import('./SecondFactorStep')));

/** /user/login/:token? — password login, or a simulated login when the path carries a token. */
export default function LoginPage() {
  const { token } = useParams();
  return token ? <SimulationLogin token={token} /> : <PasswordLogin />;
}

function PasswordLogin() {
  const { t } = useI18n();
  const { token: themeToken } = theme.useToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  // The server asks for a captcha after repeated failures; until then the form stays two fields.
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptchaField(form, 'login', captchaShown);
  const login = useLogin();
  // Set once the password was right for an account with two-factor sign-in: the code step replaces the form.
  const [challenge, setChallenge] = useState<string | null>(null);

  function signedIn(token: string) {
    sessionStore.setToken(token);
    const landing = safeRedirect(searchParams.get('redirect'));
    prefetchLanding(landing);
    navigate(landing, { replace: true });
  }

  function onFinish(values: LoginValues) {
    login.mutate(
      {
        userName: values.userName,
        password: values.password,
        ...(captchaShown ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode } : {}),
      },
      {
        onSuccess: (result) => {
          if ('secondFactor' in result) setChallenge(result.secondFactor.challenge);
          else signedIn(result.token);
        },
        onError: (error) => {
          const id = errorIdOf(error);
          const captchaError = id === 'CAPTCHA_REQUIRED' || id === 'CAPTCHA_INVALID';
          if (!captchaShown) {
            if (captchaError) setCaptchaShown(true);
            return;
          }
          captcha.renew();
          if (captchaError) applyServerErrors(form, error, { CAPTCHA_INVALID: 'captchaCode' });
          form.focusField(captchaError ? 'captchaCode' : 'password');
        },
      },
    );
  }

  useEffect(() => {
    if (captchaShown) form.focusField('captchaCode');
  }, [captchaShown, form]);

  // What checking and sending need (the user calls, their schemas, zod) and the console's first screen are fetched
  // at the first key stroke, press or filled field and arrive while the user types; a visitor who only looks
  // downloads neither.
  useEffect(
    () =>
      onFirstInteraction(window, () => {
        loadUserRoutes().catch(() => {
          // The first check or the login asks again, and shows a failure.
        });
        preloadConsole();
      }),
    [],
  );

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={signedIn}
          onBack={() => {
            setChallenge(null);
            form.setFieldValue('password', '');
          }}
        />
      </Suspense>
    );
  }

  return (
    <>
      {/* Typography.Title's look from the theme's tokens: antd's Typography (copy, edit, ellipsis) is heavy. */}
      <h3
        style={{
          textAlign: 'center',
          marginBottom: 24,
          color: themeToken.colorTextHeading,
          fontWeight: themeToken.fontWeightStrong,
          fontSize: themeToken.fontSizeHeading3,
          lineHeight: themeToken.lineHeightHeading3,
        }}
      >
        {t('account.login.title')}
      </h3>
      <LoginForm
        form={form}
        onFinish={onFinish}
        captcha={captchaShown ? captcha : undefined}
        submitting={login.isPending}
      />
      <div
        style={{
          textAlign: 'center',
          marginBottom: '1em',
          color: themeToken.colorText,
          lineHeight: themeToken.lineHeight,
        }}
      >
        {t('account.login.noAccount')} <InlineLink to="/user/register">{t('account.login.register')}</InlineLink>
      </div>
    </>
  );
}
