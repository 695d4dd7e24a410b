import type { CertificateApplicationDetail } from '@edgeward/contract';
import { Grid, Steps } from 'antd';
import { useI18n } from '../../../i18n';
import { applicationStep } from './application-display';

const steps = ['create', 'dns', 'generate', 'done'] as const;

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
