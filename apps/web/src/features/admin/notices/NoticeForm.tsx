import { limits, StaffNoticeDraftSchema, type StaffNoticePreview } from '@edgeward/contract';
import { App, Button, Card, Flex, Form, Input, Radio } from 'antd';
import { usePreviewNotice, useSendNotice } from '../../../api/admin-notice';
import { reportFormError, zodRule } from '../../../lib/form';
import { useAdminI18n } from '../admin-texts';
import { HtmlEditor } from './HtmlEditor';
import { type NoticeValues, noticeOf, userNameRule } from './notice-logic';

const draft = StaffNoticeDraftSchema.shape;

/**
 * The notice being written: title, HTML content, audience (every customer, or one by user name, checked by the
 * contract's schema as the server checks it). Preview asks the server for the sanitized notice; Send asks first,
 * naming the audience, then reports how many customers got it. An unknown user name is the server's error under
 * its field.
 */
export function NoticeForm({
  onPreview,
  onDraftChange,
}: {
  onPreview: (preview: StaffNoticePreview) => void;
  /** The title or content changed: a preview shown is no longer the draft's. */
  onDraftChange: () => void;
}) {
  const { t, translate } = useAdminI18n();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<NoticeValues>();
  const audience = Form.useWatch('audience', form);
  const preview = usePreviewNotice();
  const send = useSendNotice();

  const runPreview = async () => {
    let values: Pick<NoticeValues, 'title' | 'content'>;
    try {
      values = await form.validateFields(['title', 'content']);
    } catch {
      return;
    }
    const body = { title: values.title, content: values.content };
    preview.mutate(body, {
      // An answer for a draft changed meanwhile is not shown as this draft's.
      onSuccess: (answer) => {
        if (form.getFieldValue('title') === body.title && form.getFieldValue('content') === body.content) {
          onPreview(answer);
        }
      },
      onError: (error) => reportFormError(form, error),
    });
  };

  const runSend = async () => {
    let values: NoticeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const notice = noticeOf(values);
    modal.confirm({
      title: t('adminNotice.confirm.title', { title: notice.title }),
      content:
        notice.audience === 'all'
          ? t('adminNotice.confirm.all')
          : t('adminNotice.confirm.user', { name: notice.userName ?? '' }),
      okText: t('adminNotice.confirm.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        send.mutateAsync(notice).then(
          ({ recipients }) => {
            message.success(t('adminNotice.sent', { count: recipients }));
            form.resetFields();
            onDraftChange();
          },
          (error: unknown) => reportFormError(form, error),
        ),
    });
  };

  return (
    <Card title={t('adminNotice.write')} size="small">
      <Form<NoticeValues>
        noValidate
        form={form}
        layout="vertical"
        name="notice"
        initialValues={{ audience: 'all' }}
        onValuesChange={(changed: Partial<NoticeValues>) => {
          if ('title' in changed || 'content' in changed) onDraftChange();
        }}
      >
        <Form.Item name="title" label={t('adminNotice.field.title')} rules={[zodRule(draft.title, translate)]}>
          <Input
            count={{ show: true, max: limits.message.titleMax }}
            autoComplete="off"
            data-testid="admin-notice-title"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('adminNotice.field.content')}
          extra={t('adminNotice.field.contentHint')}
          rules={[zodRule(draft.content, translate)]}
        >
          <HtmlEditor data-testid="admin-notice-content" />
        </Form.Item>
        <Form.Item name="audience" label={t('adminNotice.field.audience')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('adminNotice.audience.all') },
              { value: 'user', label: t('adminNotice.audience.user') },
            ]}
            data-testid="admin-notice-audience"
          />
        </Form.Item>
        {audience === 'user' ? (
          <Form.Item name="userName" label={t('adminNotice.field.userName')} rules={[userNameRule(translate)]}>
            <Input autoComplete="off" spellCheck={false} data-testid="admin-notice-user" />
          </Form.Item>
        ) : null}
        <Flex gap={8} wrap>
          <Button onClick={runPreview} loading={preview.isPending} data-testid="admin-notice-preview-button">
            {t('adminNotice.preview')}
          </Button>
          <Button type="primary" onClick={runSend} loading={send.isPending} data-testid="admin-notice-send">
            {t('adminNotice.send')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
