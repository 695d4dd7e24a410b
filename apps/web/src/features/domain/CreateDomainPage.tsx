import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  type AccelerationType,
  AccelerationTypeSchema,
  type DomainDetail,
  DomainNameSchema,
  type VerificationStatus,
  type VerifyRecord,
} from '@edgeward/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Space,
  Steps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import {
  fetchVerifyRecord,
  useCanCreateWholeSite,
  useCreateDomain,
  useDomainDetail,
  useDomainLimit,
  useDomainTypes,
  useVerifyRecord,
} from '../../api/domain';
import { useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { DataState, LoadError, LoadingState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { RealNameRequired, useRealNameVerified } from '../../components/RealNameRequired';
import { useI18n } from '../../i18n';
import { errorIdOf, reportFormError, serverFieldErrors, zodRule } from '../../lib/form';
import { useConsoleVariant } from '../../navigation/variant';
import { ForbiddenPage } from '../shell/ForbiddenPage';
import { CnameGuide } from './CnameGuide';
import { CnameText } from './CnameText';
import { DomainStatusTag } from './DomainStatusTag';
import { applyConfigErrors } from './domain-form';
import { OriginCheckAlert, OriginFields, type OriginFormValues, originBody, originDefaults } from './OriginFields';
import { domainPermission, listPath, settingsPath } from './paths';

interface Basics {
  domainName: string;
  type: AccelerationType;
}

type Step = 'name' | 'verify' | 'origin' | 'done';
const steps: Step[] = ['name', 'verify', 'origin', 'done'];

/**
 * /domain/create and /eodomain/create: name and type, proof of control of the apex by a TXT record (skipped once the apex is verified),
 * the origin, then the CNAME to set up while the edge brings the domain up.
 */
export default function CreateDomainPage() {
  const canAdd = useAuthorized(domainPermission(useConsoleVariant()), 'add');
  if (!canAdd) return <ForbiddenPage />;
  return <CreateDomainFlow />;
}

function CreateDomainFlow() {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>('name');
  const [basics, setBasics] = useState<Basics | null>(null);
  const [record, setRecord] = useState<VerifyRecord | null>(null);
  const [created, setCreated] = useState<DomainDetail | null>(null);
  const [nameForm] = Form.useForm<Basics>();

  const restart = () => {
    nameForm.resetFields();
    setBasics(null);
    setRecord(null);
    setCreated(null);
    setStep('name');
  };

  const current = steps.indexOf(step);
  const skipped = record?.verified === true;
  return (
    <PageContainer subTitle={t('domain.create.subtitle')}>
      <Card>
        <Steps
          current={current}
          style={{ marginBottom: 32, maxWidth: 960 }}
          items={[
            { title: t('domain.create.stepName'), content: <StepName name={basics?.domainName} /> },
            {
              title: t('domain.create.stepVerify'),
              content: skipped ? t('domain.create.alreadyVerified') : <StepName name={record?.apexDomain} />,
            },
            { title: t('domain.create.stepOrigin') },
            { title: t('domain.create.stepDone') },
          ]}
        />
        <div style={{ maxWidth: 760 }}>
          {step === 'name' ? (
            <NameStep
              form={nameForm}
              onNext={(next, verifyRecord) => {
                setBasics(next);
                setRecord(verifyRecord);
                setStep(verifyRecord.verified ? 'origin' : 'verify');
              }}
            />
          ) : null}
          {step === 'verify' && basics && record ? (
            <VerifyStep
              domainName={basics.domainName}
              record={record}
              onBack={() => setStep('name')}
              onNext={() => setStep('origin')}
            />
          ) : null}
          {step === 'origin' && basics ? (
            <OriginStep
              basics={basics}
              onBack={() => setStep(skipped ? 'name' : 'verify')}
              onNotVerified={() => {
                setRecord((r) => (r ? { ...r, verified: false } : r));
                setStep('verify');
              }}
              onNameRefused={(message) => {
                setStep('name');
                // The name step mounts again with its values; the refusal goes under the name field.
                setTimeout(() => nameForm.setFields([{ name: 'domainName', errors: [message] }]));
              }}
              onCreated={(detail) => {
                setCreated(detail);
                setStep('done');
              }}
            />
          ) : null}
        </div>
        {step === 'done' && created ? <DoneStep created={created} onAnother={restart} /> : null}
      </Card>
    </PageContainer>
  );
}

/** A name under a step: on one line, cut short with the whole name on hover (names run to 253 characters). */
function StepName({ name }: { name: string | undefined }) {
  if (!name) return null;
  return <Clipped text={name} maxWidth={200} testId="step-name" />;
}

function NameStep({
  form,
  onNext,
}: {
  form: ReturnType<typeof Form.useForm<Basics>>[0];
  onNext: (basics: Basics, record: VerifyRecord) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const types = useDomainTypes();
  const wholeSite = useCanCreateWholeSite();
  const limit = useDomainLimit();
  const [checking, setChecking] = useState(false);
  const limitReached = limit.data ? limit.data.used >= limit.data.max : false;
  const verified = useRealNameVerified();

  const submit = async (values: Basics) => {
    const parsed = DomainNameSchema.safeParse(values.domainName);
    if (!parsed.success) return;
    const domainName = parsed.data;
    setChecking(true);
    try {
      const record = await fetchVerifyRecord(queryClient, domainName);
      onNext({ domainName, type: values.type }, record);
    } catch (error) {
      // A name already added is refused here, on the first step, under the name.
      reportFormError(form, error, { DOMAIN_TAKEN: 'domainName' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Form<Basics>
      noValidate
      form={form}
      layout="vertical"
      name="domain-create-name"
      initialValues={{ domainName: '', type: 'web' }}
      onFinish={submit}
      preserve
    >
      {verified ? null : <RealNameRequired banner reason={t('identity.required.domain')} />}
      {limitReached ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('errors.DOMAIN_LIMIT_REACHED')}
          description={t('domain.create.limitHint', { max: limit.data?.max ?? 0 })}
        />
      ) : null}
      <Form.Item
        name="domainName"
        label={t('domain.create.domainName')}
        extra={t('domain.create.domainNameHint')}
        rules={[zodRule(DomainNameSchema, t)]}
      >
        <Input
          autoFocus
          placeholder="www.example.com"
          spellCheck={false}
          autoCapitalize="off"
          data-testid="create-domain-name"
        />
      </Form.Item>
      <Form.Item name="type" label={t('domain.create.type')} rules={[zodRule(AccelerationTypeSchema, t)]}>
        <DataState
          remote={types}
          failure={t('domain.create.typesLoadFailed')}
          loading={<LoadingState paragraph={{ rows: 2 }} title={false} />}
        >
          {(available) => (
            <Radio.Group style={{ width: '100%' }} data-testid="create-domain-type">
              <Flex vertical gap={8}>
                {available.map((type) => {
                  const blocked = type === 'whole_site' && wholeSite.data?.allowed !== true;
                  const option = (
                    <Radio key={type} value={type} disabled={blocked} data-testid={`domain-type-${type}`}>
                      <Space orientation="vertical" size={0}>
                        <Typography.Text strong disabled={blocked}>
                          {t(`domain.type.${type}`)}
                        </Typography.Text>
                        <Typography.Text type="secondary">{t(`domain.typeHint.${type}`)}</Typography.Text>
                      </Space>
                    </Radio>
                  );
                  return blocked ? (
                    <Tooltip key={type} title={wholeSite.data?.reason ?? t('errors.WHOLE_SITE_NOT_ALLOWED')}>
                      <span>{option}</span>
                    </Tooltip>
                  ) : (
                    <span key={type}>{option}</span>
                  );
                })}
              </Flex>
            </Radio.Group>
          )}
        </DataState>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={checking}
        disabled={limitReached || !verified}
        data-testid="create-next"
      >
        {t('domain.create.next')}
      </Button>
    </Form>
  );
}

function VerifyStep({
  domainName,
  record,
  onBack,
  onNext,
}: {
  domainName: string;
  record: VerifyRecord;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useI18n();
  const verify = useVerifyRecord();
  const [outcome, setOutcome] = useState<{ status: VerificationStatus; message?: string }>({ status: 'pending' });
  const status: VerificationStatus = verify.isPending ? 'validating' : outcome.status;

  const run = () =>
    verify.mutate(domainName, {
      onSuccess: (result) =>
        setOutcome({
          status: result.status,
          ...(result.status === 'failed' ? { message: result.message ?? t('domain.verify.failed') } : {}),
        }),
      onError: (error) =>
        setOutcome({
          status: 'failed',
          message: error instanceof ApiError ? error.message : t('domain.verify.failed'),
        }),
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('domain.create.verifyIntro', { apex: record.apexDomain })}
      </Typography.Paragraph>
      <Descriptions bordered size="middle" column={1}>
        <Descriptions.Item label={t('domain.create.recordType')}>
          <Tag>{record.recordType}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('domain.create.recordHost')}>
          <Typography.Text copyable code data-testid="verify-txt-host">
            {record.host}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            ({record.name})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('domain.create.recordValue')}>
          <Typography.Text copyable code data-testid="verify-txt-value" style={{ wordBreak: 'break-all' }}>
            {record.value}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon title={t('domain.dnsEffectHint')} />
      <VerificationState status={status} message={outcome.message} />
      <Flex gap={8}>
        <Button onClick={onBack}>{t('domain.create.previous')}</Button>
        <Button
          type={status === 'success' ? 'default' : 'primary'}
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          onClick={run}
          data-testid="verify-button"
        >
          {t('domain.create.verify')}
        </Button>
        <Button type="primary" disabled={status !== 'success'} onClick={onNext} data-testid="create-next">
          {t('domain.create.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The four verification states of spec section 4, each with its colour and words. */
function VerificationState({ status, message }: { status: VerificationStatus; message?: string | undefined }) {
  const { t } = useI18n();
  const look = {
    pending: { type: 'info', icon: undefined, text: t('domain.verify.pending') },
    validating: { type: 'info', icon: <LoadingOutlined />, text: t('domain.verify.validating') },
    success: { type: 'success', icon: <CheckCircleFilled />, text: t('domain.verify.success') },
    failed: { type: 'error', icon: <CloseCircleFilled />, text: message ?? t('domain.verify.failed') },
  } as const;
  const { type, icon, text } = look[status];
  return (
    <div data-testid="verify-status" data-status={status} aria-live="polite">
      <Alert type={type} showIcon {...(icon ? { icon } : {})} title={text} />
    </div>
  );
}

function OriginStep({
  basics,
  onBack,
  onNotVerified,
  onNameRefused,
  onCreated,
}: {
  basics: Basics;
  onBack: () => void;
  onNotVerified: () => void;
  onNameRefused: (message: string) => void;
  onCreated: (detail: DomainDetail) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<OriginFormValues>();
  const create = useCreateDomain(useConsoleVariant());
  const [originFailed, setOriginFailed] = useState(false);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const origin = originBody(form.getFieldsValue(true));
    create.mutate(
      { domainName: basics.domainName, type: basics.type, origin },
      {
        onSuccess: (detail) => {
          setOriginFailed(false);
          onCreated(detail);
        },
        onError: (error) => {
          const id = errorIdOf(error);
          const text = error instanceof ApiError ? error.message : t('request.systemError');
          setOriginFailed(id === 'ORIGIN_UNREACHABLE');
          if (id === 'ORIGIN_UNREACHABLE') return;
          if (id === 'DOMAIN_NOT_VERIFIED') {
            message.error(text);
            onNotVerified();
            return;
          }
          const fields = serverFieldErrors(error) ?? {};
          if (id === 'DOMAIN_TAKEN' || fields.domainName) {
            onNameRefused(fields.domainName ?? text);
            return;
          }
          // Origin field errors (origin.ipOrDomain.<i>, origin.httpPort...) go under the fields of this step.
          const own = Object.entries(fields)
            .filter(([path]) => path.startsWith('origin.'))
            .map(([path, m]) => [path.slice('origin.'.length), m]);
          const shown =
            own.length > 0 && applyConfigErrors(form, { fields: Object.fromEntries(own) }, t, ['ipOrDomain']);
          if (!shown) message.error(text);
        },
      },
    );
  };

  return (
    <Form<OriginFormValues>
      noValidate
      form={form}
      layout="vertical"
      name="domain-create-origin"
      initialValues={originDefaults}
      onFinish={() => void submit()}
    >
      <Typography.Paragraph type="secondary">{t('domain.create.originIntro')}</Typography.Paragraph>
      <OriginFields domainName={basics.domainName} />
      {originFailed ? (
        <div style={{ marginBottom: 16 }}>
          <OriginCheckAlert onRetry={() => void submit()} retrying={create.isPending} />
        </div>
      ) : null}
      <Flex gap={8}>
        <Button onClick={onBack} disabled={create.isPending}>
          {t('domain.create.previous')}
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="create-submit">
          {t('domain.create.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function DoneStep({ created, onAnother }: { created: DomainDetail; onAnother: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const variant = useConsoleVariant();
  // The edge platform's detail is its settings' four parts: the answer of the create call is what this step shows.
  const detail = useDomainDetail(created.id, variant === 'cdn');
  const domain = detail.data ?? created;
  return (
    <Result
      status="success"
      title={t('domain.create.doneTitle', { domain: domain.domainName })}
      subTitle={t('domain.create.doneSubtitle')}
      extra={[
        <Button key="settings" type="primary" onClick={() => navigate(settingsPath(domain.id, 'basic', variant))}>
          {t('domain.create.configure')}
        </Button>,
        <Button key="list" onClick={() => navigate(listPath(variant))} data-testid="create-back-to-list">
          {t('domain.backToList')}
        </Button>,
        <Button key="another" onClick={onAnother}>
          {t('domain.create.another')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} style={{ textAlign: 'start', maxWidth: 760, margin: '0 auto' }}>
        {detail.error ? (
          <LoadError banner title={t('domain.create.statusLoadFailed')} error={detail.error} onRetry={detail.refetch} />
        ) : null}
        <Descriptions bordered size="middle" column={1}>
          <Descriptions.Item label={t('domain.field.domainName')}>{domain.domainName}</Descriptions.Item>
          <Descriptions.Item label={t('domain.field.cname')}>
            <CnameText cname={domain.cname} status={domain.status} code />
          </Descriptions.Item>
          <Descriptions.Item label={t('domain.field.status')}>
            <Space>
              <DomainStatusTag status={domain.status} reason={domain.statusReason} />
              <Typography.Text type="secondary">{t(`domain.create.statusHint.${domain.status}`)}</Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('domain.cnameGuide.title')}
        </Typography.Title>
        <CnameGuide
          domainName={domain.domainName}
          apexDomain={domain.apexDomain}
          cname={domain.cname}
          status={domain.status}
        />
      </Flex>
    </Result>
  );
}
