import { type CacheTaskType, cacheTaskFormatParams, cacheTaskLineMax } from '@edgeward/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useCacheQuota, useCreateCacheTask } from '../../api/preheat';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { feedback } from '../../lib/feedback';
import { reportFormError } from '../../lib/form';
import { lineErrors, linesOf, serverLineErrors } from './cache-task-lines';

interface Values {
  urls?: string;
}

/** The spec's rules (section 5, and section 9 for refresh) shown above each kind of task. */
const ruleKeys: Record<CacheTaskType, string[]> = {
  refreshUrl: ['preheat.refresh.takesEffect'],
  refreshDir: ['preheat.url.directoryEnd', 'preheat.refresh.takesEffect'],
  preheat: ['preheat.url.format', 'preheat.url.notCacheable'],
};

/** One tab of /preheat: the lines of a task, checked line by line, with today's quota of its kind. */
export function CacheTaskForm({ type }: { type: CacheTaskType }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const quota = useCacheQuota();
  const create = useCreateCacheTask();

  const submit = async (values: Values) => {
    const problems = lineErrors(type, values.urls, t);
    if (problems.length) {
      form.setFields([{ name: 'urls', errors: problems }]);
      return;
    }
    try {
      await create.mutateAsync({ type, urls: linesOf(values.urls) });
      form.resetFields();
      feedback.message.success(t('preheat.form.submitted'));
    } catch (error) {
      const lines = serverLineErrors(error, t);
      if (lines.length) form.setFields([{ name: 'urls', errors: lines }]);
      else reportFormError(form, error);
    }
  };

  return (
    <Form<Values>
      noValidate
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      data-testid={`cache-task-form-${type}`}
      style={{ maxWidth: 720 }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={ruleKeys[type].map((key) => <div key={key}>{t(key, cacheTaskFormatParams)}</div>)}
      />
      <Form.Item
        name="urls"
        label={t(type === 'refreshDir' ? 'preheat.form.dirs' : 'preheat.form.urls')}
        extra={t(`preheat.form.hint.${type}`, { max: cacheTaskLineMax(type) })}
        required
      >
        <Input.TextArea
          autoSize={{ minRows: 6, maxRows: 16 }}
          placeholder={t(`preheat.form.placeholder.${type}`)}
          spellCheck={false}
          onChange={() => form.setFields([{ name: 'urls', errors: [] }])}
          data-testid="cache-task-urls"
        />
      </Form.Item>
      <Flex gap={16} align="center" wrap>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="cache-task-submit">
          {t('preheat.form.submit')}
        </Button>
        <DataState remote={quota} failure={t('preheat.quota.loadFailed')} loading={null}>
          {(data) => (
            <Typography.Text type="secondary" data-testid="cache-task-quota">
              {t('preheat.quota', { used: data[type].used, limit: data[type].limit })}
            </Typography.Text>
          )}
        </DataState>
      </Flex>
    </Form>
  );
}
