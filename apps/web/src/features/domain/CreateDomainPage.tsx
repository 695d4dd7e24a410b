import type { DomainDetail, VerifyRecord } from '@edgeward/contract';
import { Card, Form, Steps } from 'antd';
import { useState } from 'react';
import { useAuthorized } from '../../components/Authorized';
import { Clipped } from '../../components/Clipped';
import { PageContainer } from '../../components/PageContainer';
import { useI18n } from '../../i18n';
import { useConsoleVariant } from '../../navigation/variant';
import { ForbiddenPage } from '../shell';
import { DoneStep } from './create/DoneStep';
import { type Basics, NameStep } from './create/NameStep';
import { OriginStep } from './create/OriginStep';
import { VerifyStep } from './create/VerifyStep';
import { domainPermission } from './paths';

type Step = 'name' | 'verify' | 'origin' | 'done';
const steps: Step[] = ['name', 'verify', 'origin', 'done'];

/**
 * /domain/create and /eodomain/create: name and type, proof of control of the apex by a TXT record (skipped once the apex is verified),
 * the origin, then the CNAME to set up while the edge brings the domain up.
 */
export default function CreateDomainPage() {
  const canAdd = useAuthorized(domainPermission(useConsoleVariant()), 'add');
  if (!canAdd) return <ForbiddenPage />;
  return <CreateDomainFlow />;
}

function CreateDomainFlow() {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>('name');
  const [basics, setBasics] = useState<Basics | null>(null);
  const [record, setRecord] = useState<VerifyRecord | null>(null);
  const [created, setCreated] = useState<DomainDetail | null>(null);
  const [nameRefusal, setNameRefusal] = useState<string | null>(null);
  const [nameForm] = Form.useForm<Basics>();

  const restart = () => {
    nameForm.resetFields();
    setBasics(null);
    setRecord(null);
    setCreated(null);
    setNameRefusal(null);
    setStep('name');
  };

  const current = steps.indexOf(step);
  const skipped = record?.verified === true;
  return (
    <PageContainer subTitle={t('domain.create.subtitle')}>
      <Card>
        <Steps
          current={current}
          style={{ marginBottom: 32, maxWidth: 960 }}
          items={[
            { title: t('domain.create.stepName'), content: <StepName name={basics?.domainName} /> },
            {
              title: t('domain.create.stepVerify'),
              content: skipped ? t('domain.create.alreadyVerified') : <StepName name={record?.apexDomain} />,
            },
            { title: t('domain.create.stepOrigin') },
            { title: t('domain.create.stepDone') },
          ]}
        />
        <div style={{ maxWidth: 760 }}>
          {step === 'name' ? (
            <NameStep
              form={nameForm}
              refusal={nameRefusal}
              onNext={(next, verifyRecord) => {
                setNameRefusal(null);
                setBasics(next);
                setRecord(verifyRecord);
                setStep(verifyRecord.verified ? 'origin' : 'verify');
              }}
            />
          ) : null}
          {step === 'verify' && basics && record ? (
            <VerifyStep
              domainName={basics.domainName}
              record={record}
              onBack={() => setStep('name')}
              onNext={() => setStep('origin')}
            />
          ) : null}
          {step === 'origin' && basics ? (
            <OriginStep
              basics={basics}
              onBack={() => setStep(skipped ? 'name' : 'verify')}
              onNotVerified={() => {
                setRecord((r) => (r ? { ...r, verified: false } : r));
                setStep('verify');
              }}
              onNameRefused={(message) => {
                setNameRefusal(message);
                setStep('name');
              }}
              onCreated={(detail) => {
                setCreated(detail);
                setStep('done');
              }}
            />
          ) : null}
        </div>
        {step === 'done' && created ? <DoneStep created={created} onAnother={restart} /> : null}
      </Card>
    </PageContainer>
  );
}

/** A name under a step: on one line, cut short with the whole name on hover (names run to 253 characters). */
function StepName({ name }: { name: string | undefined }) {
  if (!name) return null;
  return <Clipped text={name} maxWidth={200} testId="step-name" />;
}
