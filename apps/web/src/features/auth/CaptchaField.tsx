import { Flex, Form, type FormInstance, Spin, theme } from 'antd';
// The login page shows this field: antd's plain Input, without the TextArea, Search and OTP of its barrel.
import Input from 'antd/es/input/Input';
import { useCallback } from 'react';
import { useCaptcha } from '../../api/auth';
import { useI18n } from '../../i18n';
import { lazyZodRule } from '../../lib/form';

/** The answer's schema (required), with zod: the login page shows this field and draws before zod arrives. */
const captchaCode = () =>
  import('@edgeward/contract/schemas/auth').then((module) => module.CaptchaAnswerSchema.shape.captchaCode);

/**
 * The captcha of one form: the image (a new one on click) and `refresh()`, which also empties the answer because
 * each captcha is used up by a single check on the server. `renew()` is the refresh after a failed call: the
 * emptied field says why, so the answer typed before does not vanish without a word.
 */
export function useCaptchaField(form: FormInstance, scope: string, enabled = true) {
  const { t } = useI18n();
  const query = useCaptcha(scope, enabled);
  const { refetch } = query;
  const refresh = useCallback(() => {
    form.setFieldValue('captchaCode', '');
    void refetch();
  }, [form, refetch]);
  const renew = useCallback(() => {
    refresh();
    form.setFields([{ name: 'captchaCode', errors: [t('account.captcha.renewed')] }]);
  }, [form, refresh, t]);
  return { query, refresh, renew, captchaId: query.data?.captchaId ?? '' };
}

type CaptchaState = ReturnType<typeof useCaptchaField>;

export function CaptchaField({ captcha, size }: { captcha: CaptchaState; size?: 'large' }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { query, refresh } = captcha;
  const height = size === 'large' ? token.controlHeightLG : token.controlHeight;
  return (
    <Form.Item label={t('account.field.captcha')} required>
      <Flex gap={8}>
        <Form.Item name="captchaCode" rules={[lazyZodRule(captchaCode, t, true)]} noStyle>
          <Input
            size={size}
            placeholder={t('account.placeholder.captcha')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={12}
            style={{ flex: 1 }}
            aria-label={t('account.field.captcha')}
          />
        </Form.Item>
        <button
          type="button"
          onClick={refresh}
          title={t('account.captcha.refresh')}
          aria-label={t('account.captcha.alt')}
          data-testid="captcha-refresh"
          style={{
            flex: 'none',
            width: 120,
            height,
            padding: 0,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
            cursor: 'pointer',
            overflow: 'hidden',
          }}
        >
          {query.data && !query.isFetching ? (
            <img
              src={query.data.image}
              alt={t('account.captcha.alt')}
              data-testid="captcha-image"
              style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
            />
          ) : query.isError && !query.isFetching ? (
            <span style={{ fontSize: token.fontSizeSM, color: token.colorErrorText }}>
              {t('account.captcha.loadFailed')}
            </span>
          ) : (
            <Spin size="small" />
          )}
        </button>
      </Flex>
    </Form.Item>
  );
}
