import {
  faceCheckTtlMs,
  type RealNameAttempt,
  type RealNameStatus,
  type RealNameSubmit,
  RealNameSubmitSchema,
} from '@edgeward/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Result, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { identityKeys, useRealNameAttempt, useRealNameStatus, useSubmitRealName } from '../../api/identity';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { reportFormError, zodRule } from '../../lib/form';
import { loadProfile } from '../../stores/session';
import { MaskedIdentity } from './MaskedIdentity';

const fields = RealNameSubmitSchema.shape;

/**
 * /real-name: real-name verification in three steps (spec section 2): fill in the name and ID number, verify the
 * face at the identity service (a QR code for a phone, or a link; the step reads the check every 2 s until the
 * service's callback has passed or failed it), completed.
 */
export default function RealNamePage() {
  const { t } = useI18n();
  const status = useRealNameStatus();
  return (
    <PageContainer>
      <Card>
        <DataState remote={status} failure={t('identity.loadFailed')}>
          {(data) => <RealNameFlow status={data} />}
        </DataState>
      </Card>
    </PageContainer>
  );
}

function RealNameFlow({ status }: { status: RealNameStatus }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [attemptId, setAttemptId] = useState<number | null>(
    status.attempt?.status === 'pending' ? status.attempt.id : null,
  );
  // What was submitted, kept in this page only: a retry after a failed check sends it again.
  const [submitted, setSubmitted] = useState<RealNameSubmit | null>(null);
  const attempt = useRealNameAttempt(attemptId);
  const passedHere = attempt.data?.status === 'passed';

  // Passed while this page watched: the session's flag, which the menus and buy buttons read, changes too.
  useEffect(() => {
    if (!passedHere) return;
    void queryClient.invalidateQueries({ queryKey: identityKeys.status });
    void loadProfile().catch(() => undefined);
  }, [passedHere, queryClient]);

  const step = status.verified || passedHere ? 2 : attemptId === null ? 0 : 1;
  return (
    <Flex vertical gap={24}>
      <Steps
        current={step}
        data-testid="real-name-steps"
        items={[
          { title: t('identity.steps.fill') },
          { title: t('identity.steps.face') },
          { title: t('identity.steps.done') },
        ]}
      />
      {step === 2 ? (
        <Completed status={status} />
      ) : step === 1 ? (
        <DataState remote={attempt} failure={t('identity.loadFailed')}>
          {(data) => (
            <FaceCheckStep
              attempt={data}
              status={status}
              retry={submitted}
              onRetried={(next) => setAttemptId(next.id)}
              onEdit={() => setAttemptId(null)}
            />
          )}
        </DataState>
      ) : (
        <IdentityForm
          status={status}
          initial={submitted}
          onStarted={(next, values) => {
            setSubmitted(values);
            setAttemptId(next.id);
          }}
        />
      )}
    </Flex>
  );
}

function AttemptsNotice({ status }: { status: RealNameStatus }) {
  const { t } = useI18n();
  if (status.failuresToday >= status.dailyFailureLimit) {
    return <Alert type="error" showIcon title={t('identity.noneLeft')} data-testid="real-name-none-left" />;
  }
  if (status.failuresToday === 0) return null;
  return (
    <Typography.Text type="secondary" data-testid="real-name-attempts">
      {t('identity.attemptsLeft', { failed: status.failuresToday, limit: status.dailyFailureLimit })}
    </Typography.Text>
  );
}

function IdentityForm({
  status,
  initial,
  onStarted,
}: {
  status: RealNameStatus;
  initial: RealNameSubmit | null;
  onStarted: (attempt: RealNameAttempt, values: RealNameSubmit) => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<RealNameSubmit>();
  const submit = useSubmitRealName(true);
  const noneLeft = status.failuresToday >= status.dailyFailureLimit;

  return (
    <Form<RealNameSubmit>
      noValidate
      form={form}
      layout="vertical"
      name="real-name"
      initialValues={initial ?? { realName: '', idNumber: '' }}
      style={{ maxWidth: 440 }}
      onFinish={(values) =>
        submit.mutate(values, {
          onSuccess: (attempt) => onStarted(attempt, values),
          onError: (error) => reportFormError(form, error),
        })
      }
    >
      <Flex vertical gap={12} style={{ marginBottom: 24 }}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('identity.intro')}</Typography.Paragraph>
        {status.attempt?.status === 'failed' ? (
          <Alert type="warning" showIcon title={t('identity.lastFailed')} data-testid="real-name-last-failed" />
        ) : null}
        <AttemptsNotice status={status} />
      </Flex>
      <Form.Item name="realName" label={t('identity.field.realName')} rules={[zodRule(fields.realName, t)]}>
        <Input
          autoFocus
          autoComplete="name"
          placeholder={t('identity.placeholder.realName')}
          data-testid="real-name-name"
        />
      </Form.Item>
      <Form.Item name="idNumber" label={t('identity.field.idNumber')} rules={[zodRule(fields.idNumber, t)]}>
        <Input
          autoComplete="off"
          spellCheck={false}
          maxLength={18}
          placeholder={t('identity.placeholder.idNumber')}
          data-testid="real-name-id"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={submit.isPending}
        disabled={noneLeft}
        data-testid="real-name-submit"
      >
        {t('identity.submit')}
      </Button>
    </Form>
  );
}

function FaceCheckStep({
  attempt,
  status,
  retry,
  onRetried,
  onEdit,
}: {
  attempt: RealNameAttempt;
  status: RealNameStatus;
  retry: RealNameSubmit | null;
  onRetried: (attempt: RealNameAttempt) => void;
  onEdit: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const submit = useSubmitRealName(false);
  const failed = attempt.status === 'failed';
  // A failure changes the day's count, which the form and this step show.
  useEffect(() => {
    if (failed) void queryClient.invalidateQueries({ queryKey: identityKeys.status });
  }, [failed, queryClient]);

  const checking = (
    <Typography.Text type="secondary">
      {t('identity.face.checking', { realName: attempt.identity.realName, idNumber: attempt.identity.idNumber })}
    </Typography.Text>
  );

  if (attempt.status !== 'pending') {
    const noneLeft = status.failuresToday >= status.dailyFailureLimit;
    return (
      <Flex vertical gap={16} align="flex-start" data-testid="face-check-over">
        <Alert
          type={failed ? 'error' : 'info'}
          showIcon
          title={
            failed
              ? t('identity.face.failed')
              : attempt.status === 'expired'
                ? t('identity.face.expired', { minutes: faceCheckTtlMs / 60_000 })
                : t('identity.face.superseded')
          }
          data-testid="face-check-failed"
        />
        {checking}
        <AttemptsNotice status={status} />
        <Flex gap={8}>
          {retry ? (
            <Button
              type="primary"
              loading={submit.isPending}
              disabled={noneLeft}
              onClick={() => submit.mutate(retry, { onSuccess: onRetried })}
              data-testid="face-check-retry"
            >
              {t('identity.face.retry')}
            </Button>
          ) : null}
          <Button onClick={onEdit} data-testid="face-check-edit">
            {t('identity.face.edit')}
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12} align="center" data-testid="face-check">
      {attempt.sandbox ? (
        <Alert type="warning" showIcon title={t('identity.face.sandbox')} data-testid="face-check-sandbox" />
      ) : null}
      {checking}
      {attempt.qrCode ? (
        <img src={attempt.qrCode} alt={t('identity.face.qrAlt')} width={220} height={220} data-testid="face-check-qr" />
      ) : null}
      <Typography.Text style={{ maxWidth: 480, textAlign: 'center' }}>{t('identity.face.scan')}</Typography.Text>
      {attempt.checkUrl ? (
        <Typography.Link href={attempt.checkUrl} target="_blank" rel="noreferrer" data-testid="face-check-link">
          {t(attempt.sandbox ? 'identity.face.openSandbox' : 'identity.face.open')}
        </Typography.Link>
      ) : null}
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary" data-testid="face-check-waiting">
          {t('identity.face.waiting')}
        </Typography.Text>
      </Flex>
      <Button type="link" onClick={onEdit}>
        {t('identity.face.edit')}
      </Button>
    </Flex>
  );
}

function Completed({ status }: { status: RealNameStatus }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={<span data-testid="real-name-done">{t('identity.done.title')}</span>}
      subTitle={t('identity.done.subTitle')}
      extra={[
        <Button key="account" type="primary" onClick={() => navigate('/account/settings/basic')}>
          {t('menu.account.settings')}
        </Button>,
      ]}
    >
      <MaskedIdentity status={status} />
    </Result>
  );
}
