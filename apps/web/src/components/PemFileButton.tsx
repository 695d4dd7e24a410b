import { FileTextOutlined } from '@ant-design/icons';
import { limits } from '@edgeward/contract';
import { App, Button, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';

/** Larger files cannot hold a certificate or key within the content limit; they are not read at all. */
const MAX_FILE_BYTES = limits.domain.certContentMax * 4;

export interface PemFileButtonProps {
  /** File name endings offered by the picker, e.g. '.pem,.crt,.cer'. */
  accept: string;
  /** Receives the file's text, trimmed; the field's own rules then judge it. */
  onText: (text: string) => void;
  children: ReactNode;
  testId?: string;
}

/**
 * Reads a certificate or key file picked on this computer into a text area: nothing is uploaded, the text goes into
 * the form as if it had been pasted.
 */
export function PemFileButton({ accept, onText, children, testId }: PemFileButtonProps) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const read = (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      message.error(t('domain.cert.contentMax'));
      return Upload.LIST_IGNORE;
    }
    void file.text().then((text) => onText(text.trim()));
    return Upload.LIST_IGNORE;
  };
  return (
    <Upload accept={accept} showUploadList={false} beforeUpload={read}>
      <Button size="small" icon={<FileTextOutlined />} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}
