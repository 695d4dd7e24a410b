import { type RechargeCreate, RechargeCreateSchema } from '@edgeward/contract';
import { Button, Form, Radio } from 'antd';
import { useNavigate } from 'react-router';
import { useRecharge } from '../../api/commerce';
import { NumberInput } from '../../components/NumberInput';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';

/**
 * Top up the balance: whole CNY of at least 1 (spec section 5), by QR code or bank transfer. Either way the order
 * then opens in the pay view, which shows the QR code or the transfer's account and reference.
 */
export function RechargeForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const verified = useRealNameVerified();
  const [form] = Form.useForm<RechargeCreate>();
  const recharge = useRecharge();

  const submit = async (values: RechargeCreate) => {
    try {
      const order = await recharge.mutateAsync(values);
      navigate(`/order/${order.id}/pay`);
    } catch (error) {
      reportFormError(form, error);
    }
  };

  return (
    <Form<RechargeCreate>
      noValidate
      form={form}
      layout="vertical"
      initialValues={{ method: 'qr' }}
      onFinish={(values) => void submit(values)}
      data-testid="recharge-form"
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        name="amountYuan"
        label={t('commerce.recharge.amount')}
        extra={t('commerce.recharge.amountHint')}
        rules={[zodRule(RechargeCreateSchema.shape.amountYuan, t)]}
      >
        <NumberInput addonAfter="CNY" placeholder="100" data-testid="recharge-amount" />
      </Form.Item>
      <Form.Item
        name="method"
        label={t('commerce.field.paymentMethod')}
        rules={[zodRule(RechargeCreateSchema.shape.method, t)]}
      >
        <Radio.Group
          optionType="button"
          options={[
            { value: 'qr', label: t('commerce.paymentMethod.qr') },
            { value: 'bank_transfer', label: t('commerce.paymentMethod.bank_transfer') },
          ]}
          data-testid="recharge-method"
        />
      </Form.Item>
      {verified ? (
        <Button type="primary" htmlType="submit" loading={recharge.isPending} data-testid="recharge-submit">
          {t('commerce.recharge.submit')}
        </Button>
      ) : (
        <RealNameRequired reason={t('commerce.realName.required')} />
      )}
    </Form>
  );
}
