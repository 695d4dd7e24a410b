import { CloudUploadOutlined } from '@ant-design/icons';
import type { StaffTrafficImportResult } from '@edgeward/contract';
import { Alert, App, Card, Descriptions, Flex, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTrafficImport } from '../../../api/admin-edge';
import { useAdminI18n } from '../admin-texts';
import { importFileTooLarge, importMaxMb } from './edge-logic';

type Problem = StaffTrafficImportResult['problems'][number];

/** What an imported file came to: the counts, then the first rejected lines with their line numbers. */
function ImportResult({ name, result }: { name: string; result: StaffTrafficImportResult }) {
  const { t } = useAdminI18n();
  const figures = [
    ['adminEdge.import.lines', result.lines],
    ['adminEdge.import.accepted', result.accepted],
    ['adminEdge.import.rejected', result.rejected],
    ['adminEdge.import.unknownHost', result.unknownHost],
    ['adminEdge.import.duplicate', result.duplicate],
  ] as const;
  return (
    <Card size="small" title={t('adminEdge.import.result', { name })} data-testid="admin-edge-import-result">
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 5 }}
          items={figures.map(([label, value]) => ({
            key: label,
            label: t(label),
            children: <span data-testid={`admin-edge-import-${label.split('.').pop()}`}>{value}</span>,
          }))}
        />
        {result.problems.length > 0 ? (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('adminEdge.import.problems')}</Typography.Text>
            <Table<Problem>
              rowKey="line"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={result.problems}
              columns={[
                { title: t('adminEdge.import.line'), dataIndex: 'line', align: 'right' },
                {
                  title: t('adminEdge.import.problem'),
                  dataIndex: 'problem',
                  render: (problem: string) => <Typography.Text code>{problem}</Typography.Text>,
                },
              ]}
            />
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * A file of access-log lines into the statistics, as `npm run ops -- logs import` does it: dropped or chosen, checked
 * for size here first, then the summary of what it came to. The same lines imported again are not counted twice.
 */
export function TrafficImportTab() {
  const { t } = useAdminI18n();
  const { message } = App.useApp();
  const upload = useTrafficImport();
  const [last, setLast] = useState<{ name: string; result: StaffTrafficImportResult } | null>(null);
  const [sending, setSending] = useState<string | null>(null);

  const send = (file: File) => {
    if (importFileTooLarge(file)) {
      message.error(t('adminEdge.import.tooLarge', { max: importMaxMb }));
      return;
    }
    setSending(file.name);
    upload.mutate(file, {
      onSuccess: (result) => {
        setLast({ name: file.name, result });
        message.success(t('adminEdge.import.done', { accepted: result.accepted, lines: result.lines }));
      },
      // A refusal (too large, not log lines) has been shown by the request function.
      onSettled: () => setSending(null),
    });
  };

  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        name="file"
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          send(file);
          // The request goes through the console's own request function, not the Upload's.
          return Upload.LIST_IGNORE;
        }}
        data-testid="admin-edge-import-drop"
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined />
        </p>
        <p className="ant-upload-text">{t('adminEdge.import.drop')}</p>
        <p className="ant-upload-hint">{t('adminEdge.import.hint', { max: importMaxMb })}</p>
      </Upload.Dragger>
      {sending !== null ? (
        <Alert type="info" showIcon title={t('adminEdge.import.importing', { name: sending })} />
      ) : null}
      {last ? <ImportResult name={last.name} result={last.result} /> : null}
    </Flex>
  );
}
