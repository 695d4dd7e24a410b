import { type StaffCustomerDetail, StaffReasonSchema } from '@edgeward/contract';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSimulateCustomer } from '../../../api/admin-customer';
import { ReasonConfirmButton } from '../../../components/ReasonConfirmButton';
import { formatTime } from '../../../lib/time';
import { useAdminI18n } from '../admin-texts';
import { simulationUrl } from './customer-logic';

const reasonSchema = StaffReasonSchema.shape.reason;

interface IssuedLink {
  url: string;
  expiresAt: number;
}

/**
 * A one-time link signing in as the customer, issued with a reason (the audit log keeps it); then shown with a copy
 * button and its expiry, and opened in a new tab on demand. A disabled account opens to none.
 */
export function SimulationButton({ customer, blocked }: { customer: StaffCustomerDetail; blocked: boolean }) {
  const { t } = useAdminI18n();
  const simulate = useSimulateCustomer(customer.id);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const name = customer.userName;
  return (
    <>
      <ReasonConfirmButton
        disabled={blocked}
        title={t('adminCustomer.simulateConfirm', { name })}
        description={t('adminCustomer.simulateHint')}
        reasonLabel={t('adminCustomer.actions.reason')}
        reasonSchema={reasonSchema}
        okText={t('adminCustomer.simulate')}
        onConfirm={(reason) =>
          simulate
            .mutateAsync({ reason })
            .then((answer) =>
              setIssued({ url: simulationUrl(window.location.origin, answer.path), expiresAt: answer.expiresAt }),
            )
        }
        data-testid="admin-customer-simulate"
      >
        {t('adminCustomer.simulate')}
      </ReasonConfirmButton>
      {blocked ? (
        <Typography.Text type="secondary" data-testid="admin-customer-simulate-blocked">
          {t('adminCustomer.simulateBlocked')}
        </Typography.Text>
      ) : null}
      <Modal
        open={issued !== null}
        title={t('adminCustomer.simulation.title', { name })}
        onCancel={() => setIssued(null)}
        footer={[
          <Button key="close" onClick={() => setIssued(null)}>
            {t('adminCustomer.simulation.close')}
          </Button>,
          <Button
            key="open"
            type="primary"
            href={issued?.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="admin-customer-simulation-open"
          >
            {t('adminCustomer.simulation.open')}
          </Button>,
        ]}
        destroyOnHidden
      >
        {issued ? (
          <Flex vertical gap={8}>
            <Typography.Text
              code
              copyable={{ text: issued.url }}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="admin-customer-simulation-link"
            >
              {issued.url}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="admin-customer-simulation-expires">
              {t('adminCustomer.simulation.expires', { time: formatTime(issued.expiresAt) })}
            </Typography.Text>
          </Flex>
        ) : null}
      </Modal>
    </>
  );
}
