import { type CertificateDeployResult, CertificateDeploySchema, type CertificateListItem } from '@edgeward/contract';
import { Button, Card, Checkbox, Flex, Form, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCoveredDomains, useDeployCertificate } from '../../api/certificate';
import { Clipped } from '../../components/Clipped';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { zodRule } from '../../lib/form';

interface DeployModalProps {
  certificate: CertificateListItem | undefined;
  onClose: () => void;
}

/**
 * Deploys a certificate: the customer ticks among their domains it covers (those it is deployed to already are
 * marked), and each domain's outcome is listed, a failure as 'Certificate deployment failed' with the reason.
 */
export function DeployModal({ certificate, onClose }: DeployModalProps) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ domainIds: number[] }>();
  const covered = useCoveredDomains(certificate?.id);
  const deploy = useDeployCertificate();
  const [results, setResults] = useState<CertificateDeployResult[]>();

  const close = () => {
    setResults(undefined);
    onClose();
  };

  const submit = async ({ domainIds }: { domainIds: number[] }) => {
    if (!certificate) return;
    try {
      const answer = await deploy.mutateAsync({ id: certificate.id, domainIds });
      setResults(answer.results);
    } catch {
      // The request function has shown why the call failed; the choice stays for another try.
    }
  };

  const footer = results ? (
    <Button type="primary" onClick={close} data-testid="deploy-close">
      {t('certificate.deploy.close')}
    </Button>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        loading={deploy.isPending}
        disabled={!covered.data?.length}
        onClick={() => form.submit()}
        data-testid="deploy-submit"
      >
        {t('certificate.deploy.submit')}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={certificate !== undefined}
      title={certificate ? t('certificate.deploy.title', { name: certificate.name }) : null}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      width={600}
    >
      {results ? (
        <DeployResults results={results} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('certificate.deploy.description')}</Typography.Paragraph>
          <DataState
            remote={covered}
            failure={t('certificate.deploy.loadFailed')}
            isEmpty={(domains) => domains.length === 0}
            empty={t('certificate.deploy.noDomains')}
          >
            {(domains) => (
              <Form
                noValidate
                form={form}
                layout="vertical"
                initialValues={{ domainIds: [] }}
                onFinish={(values) => void submit(values)}
              >
                <Form.Item
                  name="domainIds"
                  label={t('certificate.deploy.domains')}
                  rules={[zodRule(CertificateDeploySchema.shape.domainIds, t)]}
                >
                  <Checkbox.Group style={{ width: '100%' }} data-testid="deploy-domains">
                    <Flex vertical gap={8} style={{ maxHeight: 320, overflowY: 'auto', width: '100%' }}>
                      {domains.map((domain) => (
                        <Checkbox key={domain.id} value={domain.id}>
                          <Flex gap={8} align="center">
                            <Clipped text={domain.domainName} maxWidth={380} />
                            {domain.deployed ? <Tag color="blue">{t('certificate.deploy.current')}</Tag> : null}
                          </Flex>
                        </Checkbox>
                      ))}
                    </Flex>
                  </Checkbox.Group>
                </Form.Item>
              </Form>
            )}
          </DataState>
        </>
      )}
    </Modal>
  );
}

export function DeployResults({ results }: { results: CertificateDeployResult[] }) {
  const { t } = useI18n();
  const failed = results.filter((result) => !result.ok).length;
  return (
    <Flex vertical gap={12} data-testid="deploy-results">
      <Typography.Text strong type={failed ? 'danger' : 'success'}>
        {failed
          ? t('certificate.deploy.someFailed', { count: failed })
          : t('certificate.deploy.allOk', { count: results.length })}
      </Typography.Text>
      <Flex vertical gap={8}>
        {results.map((result) => (
          <Card key={result.domainId} size="small" data-testid="deploy-result">
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Clipped text={result.domainName || `#${result.domainId}`} maxWidth={480} />
              {result.ok ? (
                <Typography.Text type="success">{t('certificate.deploy.ok')}</Typography.Text>
              ) : (
                <Typography.Text type="danger">{result.message ?? t('certificate.deploy.failed')}</Typography.Text>
              )}
            </Flex>
          </Card>
        ))}
      </Flex>
    </Flex>
  );
}
