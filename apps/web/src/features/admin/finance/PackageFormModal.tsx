import {
  limits,
  PackageDefinitionSchema,
  type PackageTexts,
  PackageTextsSchema,
  packageTypes,
  type StaffPackage,
} from '@edgeward/contract';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useAddPackage, useEditPackage } from '../../../api/admin-finance';
import { NumberInput } from '../../../components/NumberInput';
import { reportFormError, validateWith, zodRule } from '../../../lib/form';
import { useAdminI18n } from '../admin-texts';
import { textOrNull, yuanRule, yuanToFen } from './finance-logic';

const fields = PackageDefinitionSchema.shape;
const f = limits.finance;

interface AddValues extends PackageTexts {
  code: string;
  type: (typeof packageTypes)[number];
  priceYuan: string;
  validityMonths: number;
  quota?: string;
}

/** The four texts, English and Chinese, with the contract's rules; shared by the add and edit forms. */
function TextFields() {
  const { t, translate } = useAdminI18n();
  const text = (name: keyof PackageTexts, max: number, area = false) => (
    <Form.Item
      name={name}
      label={t(`admin.finance.packages.${name}`)}
      rules={[zodRule(PackageTextsSchema.shape[name], translate)]}
    >
      {area ? (
        <Input.TextArea rows={2} maxLength={max} data-testid={`admin-finance-package-${name}`} />
      ) : (
        <Input maxLength={max} data-testid={`admin-finance-package-${name}`} />
      )}
    </Form.Item>
  );
  return (
    <>
      {text('name', f.packageNameMax)}
      {text('nameZh', f.packageNameMax)}
      {text('spec', f.packageSpecMax, true)}
      {text('specZh', f.packageSpecMax, true)}
    </>
  );
}

/** A new package for the catalogue, on sale once added; the price is typed in CNY and sent in fen, exactly. */
export function AddPackageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, translate } = useAdminI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const add = useAddPackage();
  const quotaRule: RuleObject = {
    validator: (_rule, value: string | undefined) => {
      const problem = validateWith(fields.quota, textOrNull(value), translate);
      return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  };

  const submit = ({ priceYuan, quota, ...values }: AddValues) => {
    const body = { ...values, priceFen: yuanToFen(priceYuan) ?? '', quota: textOrNull(quota) };
    add.mutate(body, {
      onSuccess: (created) => {
        message.success(t('admin.finance.packages.added', { code: created.code }));
        onClose();
      },
      onError: (error) => reportFormError(form, error, { PACKAGE_CODE_TAKEN: 'code' }),
    });
  };

  return (
    <Modal
      open={open}
      title={t('admin.finance.packages.add')}
      okText={t('admin.finance.packages.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'admin-finance-package-submit' }}
      destroyOnHidden
    >
      <Form<AddValues> noValidate form={form} layout="vertical" name="package-add" onFinish={submit} preserve={false}>
        <Form.Item name="code" label={t('admin.finance.packages.code')} rules={[zodRule(fields.code, translate)]}>
          <Input
            maxLength={f.packageCodeMax}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            data-testid="admin-finance-package-code"
          />
        </Form.Item>
        <Form.Item name="type" label={t('admin.finance.packages.type')} rules={[zodRule(fields.type, translate)]}>
          <Select
            options={packageTypes.map((type) => ({ value: type, label: t(`commerce.packageType.${type}`) }))}
            data-testid="admin-finance-package-type"
          />
        </Form.Item>
        <TextFields />
        <Form.Item
          name="priceYuan"
          label={t('admin.finance.packages.price')}
          rules={[yuanRule(fields.priceFen, t('admin.finance.packages.priceInvalid'), translate)]}
        >
          <Input inputMode="decimal" addonAfter="CNY" autoComplete="off" data-testid="admin-finance-package-price" />
        </Form.Item>
        <Form.Item
          name="validityMonths"
          label={t('admin.finance.packages.validity')}
          rules={[zodRule(fields.validityMonths, translate)]}
        >
          <NumberInput data-testid="admin-finance-package-months" />
        </Form.Item>
        <Form.Item
          name="quota"
          label={t('admin.finance.packages.quota')}
          extra={t('admin.finance.packages.quotaHint')}
          rules={[quotaRule]}
        >
          <Input inputMode="numeric" autoComplete="off" data-testid="admin-finance-package-quota" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A package's four texts, changed; orders placed and packages bought keep theirs. */
export function EditPackageModal({ pack, onClose }: { pack: StaffPackage | null; onClose: () => void }) {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<PackageTexts>();
  const edit = useEditPackage();

  const submit = (texts: PackageTexts) => {
    if (!pack) return;
    edit.mutate(
      { id: pack.id, texts },
      {
        onSuccess: () => {
          message.success(t('admin.finance.packages.saved', { code: pack.code }));
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  };

  return (
    <Modal
      open={pack !== null}
      title={pack ? t('admin.finance.packages.editTitle', { code: pack.code }) : null}
      okText={t('admin.finance.packages.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      okButtonProps={{ 'data-testid': 'admin-finance-package-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin.finance.packages.editHint')}</Typography.Paragraph>
      {pack ? (
        <Form<PackageTexts>
          noValidate
          form={form}
          layout="vertical"
          name="package-edit"
          initialValues={{ name: pack.name, nameZh: pack.nameZh, spec: pack.spec, specZh: pack.specZh }}
          onFinish={submit}
          preserve={false}
        >
          <TextFields />
        </Form>
      ) : null}
    </Modal>
  );
}
