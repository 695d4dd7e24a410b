import type { DomainConfig } from '@edgeward/contract';
import { isOn } from '../domain-form';

export interface HttpsValues {
  https: boolean;
  forceHttps: boolean;
  http2: boolean;
  quic: boolean;
  /** Shows the upload fields over an installed certificate. */
  replace: boolean;
  certificate: { name: string; certificate: string; privateKey: string };
  /** One of the customer's managed certificates, deployed to the domain on save. */
  certificateId?: number;
}

/** Where a new certificate comes from: the customer's managed certificates, or PEM pasted here. */
export type CertificateSource = 'managed' | 'paste';

export type CertField = keyof HttpsValues['certificate'];

export function fromConfig(config: DomainConfig): HttpsValues {
  return {
    https: isOn(config.https),
    forceHttps: isOn(config.httpsConfig.forceHttps),
    http2: isOn(config.httpsConfig.http2),
    quic: isOn(config.quic),
    replace: false,
    certificate: { name: '', certificate: '', privateKey: '' },
    certificateId: undefined,
  };
}
