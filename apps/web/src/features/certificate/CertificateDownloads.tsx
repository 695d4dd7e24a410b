import { DownloadOutlined } from '@ant-design/icons';
import { certificateZipFiles } from '@edgeward/contract';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { downloadCertificate } from '../../api/certificate';
import { saveFile } from '../../api/client';
import { Authorized } from '../../components/Authorized';
import { useI18n } from '../../i18n';

/** The chain as PEM, or the zip of certificateZipFiles; a failure is the request function's message. */
function CertificateDownloadButton({ id, format }: { id: number; format: 'pem' | 'zip' }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await downloadCertificate(id, format));
    } catch {
      // Already shown by the request function.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void run()}
      data-testid={`certificate-download-${format}`}
    >
      {format === 'pem'
        ? t('certificate.action.downloadPem')
        : t('certificate.action.downloadZip', certificateZipFiles)}
    </Button>
  );
}

/** Both downloads of a certificate, for those allowed to export. */
export function CertificateDownloads({ id }: { id: number }) {
  return (
    <Authorized permissionId="certificate" action="export">
      <Flex gap={8} wrap>
        <CertificateDownloadButton id={id} format="pem" />
        <CertificateDownloadButton id={id} format="zip" />
      </Flex>
    </Authorized>
  );
}
