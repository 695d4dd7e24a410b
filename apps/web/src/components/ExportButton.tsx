import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { saveFile } from '../api/client';
import { useI18n } from '../i18n';

/** Downloads a list as a file: busy while the file comes, one message if it cannot. */
export function ExportButton({
  download,
  label,
  testId,
}: {
  download: () => Promise<{ blob: Blob; fileName: string }>;
  label: string;
  testId: string;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      saveFile(await download());
    } catch {
      message.error(t('errors.EXPORT_FAILED'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()} data-testid={testId}>
      {label}
    </Button>
  );
}
