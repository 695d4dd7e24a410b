import type { CertificateApplicationDetail } from '@edgeward/contract';
import { Grid, Steps, type StepsProps } from 'antd';
import { useI18n } from '../../../i18n';

const steps = ['create', 'dns', 'generate', 'done'] as const;

/**
 * The step an application is at, and how it stands there (spec section 4's flow): created -> DNS records added and
 * verified -> certificate generated -> completed. A failure or expiry marks the step it stopped at.
 */
export function applicationStep(application: Pick<CertificateApplicationDetail, 'status' | 'verifiedAt' | 'records'>): {
  current: number;
  status: StepsProps['status'];
} {
  switch (application.status) {
    case 'creating':
      return { current: 0, status: 'process' };
    case 'pending':
      return { current: 1, status: 'process' };
    case 'generating':
      return { current: 2, status: 'process' };
    case 'completed':
      return { current: 3, status: 'finish' };
    case 'expired':
      return { current: 1, status: 'error' };
    case 'failed':
      if (application.verifiedAt !== null) return { current: 2, status: 'error' };
      return { current: application.records.length ? 1 : 0, status: 'error' };
  }
}

export function ApplicationSteps({ application }: { application: CertificateApplicationDetail }) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  const { current, status } = applicationStep(application);
  return (
    <Steps
      current={current}
      status={status}
      orientation={screens.md === false ? 'vertical' : 'horizontal'}
      size="small"
      items={steps.map((step) => ({
        title: t(`certificate.application.step.${step}`),
        description: t(`certificate.application.step.${step}Hint`),
      }))}
      data-testid="application-steps"
      data-current={current}
    />
  );
}
