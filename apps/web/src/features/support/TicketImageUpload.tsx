import { PlusOutlined } from '@ant-design/icons';
import { limits, type TicketImage, ticketImageAccept, ticketImageTypes } from '@edgeward/contract';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { uploadTicketImage } from '../../api/support';
import { useI18n } from '../../i18n';
import { fileProblem } from '../../lib/upload';

const rule = { types: Object.values(ticketImageTypes), maxBytes: limits.support.imageMaxBytes };

/**
 * The thumbnail of a picked file, as a data: URL. antd's own loads a blob: URL with crossOrigin set, a request the
 * CSP's connect-src refuses (and reports) although the thumbnail still shows.
 */
function thumbnailOf(file: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });
}

/** The ids of the images uploaded so far, in the order shown. */
export function uploadedImageIds(files: UploadFile<TicketImage>[] | undefined): number[] {
  return (files ?? []).flatMap((f) => (f.status === 'done' && f.response ? [f.response.id] : []));
}

/**
 * Up to 9 ticket images (spec section 5), each uploaded as soon as it is picked. The browser's checks (type and
 * size, with the spec's texts) save a round trip; the server checks the content again and its reason is shown.
 */
export function TicketImageUpload({
  value,
  onChange,
  testId,
  upload = uploadTicketImage,
}: {
  value?: UploadFile<TicketImage>[];
  onChange?: (files: UploadFile<TicketImage>[]) => void;
  testId: string;
  /** Sends one file: the customer's upload by default, the operator console passes the staff's. */
  upload?: (file: File) => Promise<TicketImage>;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const files = value ?? [];

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (files.length + batch.indexOf(file) >= limits.support.imagesMax) {
      message.error({ content: t('support.image.tooMany'), key: 'ticket-images' });
      return Upload.LIST_IGNORE;
    }
    const problem = fileProblem(file, rule);
    if (!problem) return true;
    message.error({
      content: t(problem === 'type' ? 'support.image.type' : 'support.image.tooLarge'),
      key: 'ticket-images',
    });
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload(file as File).then(
      (image) => onSuccess?.(image),
      (error: Error) => {
        message.error({ content: error.message || t('support.image.failed'), key: 'ticket-images' });
        onError?.(error);
      },
    );
  };

  return (
    <Upload<TicketImage>
      listType="picture-card"
      accept={ticketImageAccept}
      multiple
      fileList={files}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      previewFile={thumbnailOf}
      // A failed upload is not kept: it would count towards the 9 and never be sent.
      onChange={({ fileList }) => onChange?.(fileList.filter((f) => f.status !== 'error'))}
      data-testid={testId}
    >
      {files.length >= limits.support.imagesMax ? null : (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('support.image.add')}</div>
        </button>
      )}
    </Upload>
  );
}
