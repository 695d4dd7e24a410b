import { limits } from '@edgeward/contract';
import { Button, Flex, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useI18n } from '../i18n';

export interface EmailCodeFieldProps {
  rule: Rule;
  onSend(): void;
  sending: boolean;
  /** Seconds until another code may be asked for (0: now). */
  resendIn: number;
  sendTestId: string;
  /** Drop the value when the field unmounts (a field shown only while the email changes). */
  preserve?: boolean;
}

/** The email-code input with its send button and resend countdown (registration, email change). */
export function EmailCodeField({ rule, onSend, sending, resendIn, sendTestId, preserve }: EmailCodeFieldProps) {
  const { t } = useI18n();
  return (
    <Form.Item label={t('account.field.emailCode')} required>
      <Flex gap={8}>
        <Form.Item name="emailCode" rules={[rule]} preserve={preserve} noStyle>
          <Input
            placeholder={t('account.placeholder.emailCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={limits.account.emailCodeLength}
            aria-label={t('account.field.emailCode')}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <Button
          onClick={onSend}
          loading={sending}
          disabled={resendIn > 0}
          data-testid={sendTestId}
          style={{ flex: 'none', minWidth: 120 }}
        >
          {resendIn > 0 ? t('account.register.resendIn', { seconds: resendIn }) : t('account.register.sendCode')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
