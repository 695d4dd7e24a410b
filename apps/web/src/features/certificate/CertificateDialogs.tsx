import type { CertificateDeployResult, CertificateListItem } from '@edgeward/contract';
import { Button, Modal } from 'antd';
import { useI18n } from '../../i18n';
import { CertificateDrawer } from './CertificateDrawer';
import { CertificateFormModal, type CertificateFormTarget } from './CertificateFormModal';
import { DeployModal, DeployResults } from './DeployModal';

/** What the row actions open: the drawer, the upload/replace form, the deployment. */
export interface Opened {
  detail?: number;
  form?: CertificateFormTarget;
  deploy?: CertificateListItem;
  /** A replacement's redeployment outcomes. */
  replaced?: { name: string; results: CertificateDeployResult[] };
}

/** The drawer and dialogs the certificate list opens, one at a time. */
export function CertificateDialogs({
  opened,
  onOpen,
  onClose: close,
}: {
  opened: Opened;
  onOpen: (next: Opened) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <CertificateDrawer id={opened.detail} onClose={close} />
      <CertificateFormModal
        target={opened.form}
        onClose={close}
        onReplaced={(certificate, results) =>
          onOpen(results.length ? { replaced: { name: certificate.name, results } } : {})
        }
      />
      <DeployModal certificate={opened.deploy} onClose={close} />
      <Modal
        open={opened.replaced !== undefined}
        title={opened.replaced ? t('certificate.form.replaceTitle', { name: opened.replaced.name }) : null}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('certificate.deploy.close')}
          </Button>
        }
      >
        {opened.replaced ? <DeployResults results={opened.replaced.results} /> : null}
      </Modal>
    </>
  );
}
