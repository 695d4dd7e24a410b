import {
  deriveOriginType,
  Ipv6StatusSchema,
  limits,
  type OriginProtocol,
  OriginProtocolSchema,
  type OriginSettingData,
  OriginSettingSchema,
  originIpOrDomainSchema,
  PortSchema,
  splitLines,
  VerifyOriginCertificateSchema,
} from '@edgeward/contract';
import { Alert, Button, Col, Form, Input, Radio, Row, Switch, Tag, Typography } from 'antd';
import { NumberInput } from '../../components/NumberInput';
import { useI18n } from '../../i18n';
import { zodRule } from '../../lib/form';
import { bodyRule } from './domain-form';

/** The origin as the forms hold it: the list as text, one entry per line. */
export interface OriginFormValues {
  ipOrDomain: string;
  httpPort: number | null;
  httpsPort: number | null;
  hostName: string;
  originProtocol: OriginProtocol;
  ipv6Status?: 'follow' | 'on' | 'off';
  verifyCertificate?: 'on' | 'off';
}

export const originDefaults: OriginFormValues = {
  ipOrDomain: '',
  httpPort: limits.domain.defaultHttpPort,
  httpsPort: limits.domain.defaultHttpsPort,
  hostName: '',
  originProtocol: 'follow',
};

/** A stored origin setting (the first of a config's sources) as the form holds it. */
export function originFormValues(origin: OriginSettingData | undefined): OriginFormValues {
  return {
    ipOrDomain: (origin?.ipOrDomain ?? []).join('\n'),
    httpPort: origin?.httpPort ?? null,
    httpsPort: origin?.httpsPort ?? null,
    hostName: origin?.hostName ?? '',
    originProtocol: origin?.originProtocol ?? 'follow',
    ipv6Status: origin?.ipv6Status ?? 'follow',
    verifyCertificate: origin?.verifyCertificate ?? 'off',
  };
}

/** The origin setting body (create's `origin`, the origin segment) from the form's values. */
export function originBody(values: OriginFormValues) {
  return {
    ipOrDomain: splitLines(values.ipOrDomain ?? ''),
    httpPort: values.httpPort ?? Number.NaN,
    httpsPort: values.httpsPort ?? Number.NaN,
    hostName: values.hostName ?? '',
    originProtocol: values.originProtocol,
    ...(values.ipv6Status ? { ipv6Status: values.ipv6Status } : {}),
    ...(values.verifyCertificate ? { verifyCertificate: values.verifyCertificate } : {}),
  };
}

const protocols = ['follow', 'http', 'https'] as const;

/**
 * Origin fields shared by the add-domain flow and the origin tab. The origin type is not chosen: it follows from
 * what is typed (IP addresses or a domain name, spec section 3) and is shown next to the field. The IPv6 and
 * certificate check settings are the origin tab's; a new domain starts with their defaults.
 */
export function OriginFields({
  domainName,
  withIpv6 = false,
  withCertificateCheck = false,
}: {
  domainName?: string;
  withIpv6?: boolean;
  withCertificateCheck?: boolean;
}) {
  const { t } = useI18n();
  const text = Form.useWatch<string | undefined>('ipOrDomain') ?? '';
  const hostName = Form.useWatch<string | undefined>('hostName') ?? '';
  const entries = splitLines(text);
  const originType = deriveOriginType(entries);
  const listSchema = originIpOrDomainSchema(domainName ? { domainName } : {});

  return (
    <>
      <Form.Item
        name="ipOrDomain"
        label={
          <span>
            {t('domain.origin.address')}
            {entries.length > 0 ? (
              <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="origin-type">
                {t(originType === 'domain' ? 'domain.origin.type.domain' : 'domain.origin.type.ipaddr')}
              </Tag>
            ) : null}
          </span>
        }
        extra={t('domain.origin.addressHint', { max: limits.domain.originMax })}
        rules={[
          bodyRule<OriginFormValues>(listSchema, [], (v) => splitLines(v.ipOrDomain ?? ''), t, { required: true }),
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('domain.origin.addressPlaceholder')}
          spellCheck={false}
          data-testid="origin-input"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="httpPort" label={t('domain.origin.httpPort')} rules={[zodRule(PortSchema, t)]}>
            <NumberInput style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="httpsPort" label={t('domain.origin.httpsPort')} rules={[zodRule(PortSchema, t)]}>
            <NumberInput style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="hostName"
        label={t('domain.origin.hostName')}
        extra={t('domain.origin.hostNameHint', { domain: domainName || t('domain.origin.theDomain') })}
        rules={[zodRule(OriginSettingSchema.shape.hostName, t)]}
      >
        <Input placeholder={domainName || 'www.example.com'} spellCheck={false} allowClear />
      </Form.Item>
      <Form.Item
        name="originProtocol"
        label={t('domain.origin.protocol')}
        extra={t('domain.origin.protocolHint')}
        rules={[zodRule(OriginProtocolSchema, t)]}
      >
        <Radio.Group
          optionType="button"
          options={protocols.map((value) => ({ value, label: t(`domain.originProtocol.${value}`) }))}
        />
      </Form.Item>
      {withCertificateCheck ? (
        <Form.Item
          name="verifyCertificate"
          label={t('domain.origin.verifyCertificate')}
          extra={t('domain.origin.verifyCertificateHint', {
            name: hostName.trim() || domainName || t('domain.origin.theDomain'),
          })}
          rules={[zodRule(VerifyOriginCertificateSchema, t)]}
          getValueProps={(value) => ({ checked: value === 'on' })}
          normalize={(checked: boolean) => (checked ? 'on' : 'off')}
        >
          <Switch aria-label={t('domain.origin.verifyCertificate')} data-testid="origin-verify-certificate" />
        </Form.Item>
      ) : null}
      {withIpv6 ? (
        <Form.Item
          name="ipv6Status"
          label={t('domain.origin.ipv6')}
          extra={t('domain.origin.ipv6Hint')}
          rules={[zodRule(Ipv6StatusSchema, t)]}
        >
          <Radio.Group
            optionType="button"
            options={(['follow', 'on', 'off'] as const).map((value) => ({
              value,
              label: t(`domain.origin.ipv6.${value}`),
            }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The spec's origin validation failure, with the button that runs the check again. */
export function OriginCheckAlert({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useI18n();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="origin-check-failed"
      title={t('errors.ORIGIN_UNREACHABLE')}
      description={<Typography.Text type="secondary">{t('domain.origin.checkHint')}</Typography.Text>}
      action={
        <Button size="small" danger onClick={onRetry} loading={retrying} data-testid="origin-retry">
          {t('domain.origin.validate')}
        </Button>
      }
    />
  );
}
