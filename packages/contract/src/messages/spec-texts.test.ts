import { describe, expect, it } from 'vitest';
import type { MessageKey } from './en-US/index';
import { enUS } from './en-US/index';
import { zhCN } from './zh-CN/index';

/**
 * The texts the product spec quotes (console-spec.md; quoted texts appear verbatim) that the server answers. They
 * are written out here rather than read from the catalogues, so that an edit of a catalogue text fails this test.
 */
const specTexts: { 'en-US': Partial<Record<MessageKey, string>>; 'zh-CN': Partial<Record<MessageKey, string>> } = {
  'en-US': {
    // Section 8, answers: a 401 and a status-code failure.
    'errors.UNAUTHORIZED': 'Please log in first',
    'errors.INTERNAL': 'System API exception',
    // Section 8, other texts.
    'errors.CONFIG_FAILED': 'Configuration failed',
    'errors.EXPORT_FAILED': 'Export failed, please try again later',
    'errors.DNS_VERIFY_FAILED': 'DNS verification failed, please check DNS record configuration',
    'domain.verify.failed': 'DNS verification failed, please check DNS record configuration',
    'certificate.deploy.failed': 'Certificate deployment failed',
    'errors.ORDER_CLOSED': 'Order not found or closed',
    'certificate.application.generationFailed': 'Certificate generation failed',
    'certificate.application.notFound': 'Application record not found',
    'errors.CERT_APPLICATION_NOT_FOUND': 'Application record not found',
    'certificate.application.loadFailed': 'Failed to load details',
    // Section 5, general.
    'validation.required': 'Input cannot be empty',
    // Section 5, domains and origins.
    'domain.name.required': 'Please enter a domain name',
    'domain.name.duplicate': 'Domain name cannot be repeated',
    'domain.name.format': 'The domain name format is incorrect',
    'domain.origin.ipRequired': 'Please enter an IP address',
    'domain.origin.ipMax': 'Supports up to 15 origin IPs',
    'domain.origin.ipFormat': 'Please enter an ipv4 format address',
    'domain.origin.internalIp': "Please don't enter an internal IP",
    'domain.origin.sameAsDomain': 'The origin domain cannot be the acceleration domain',
    'domain.cert.keyEncrypted': 'The private key must not have a password',
    // Section 5, certificates.
    'certificate.check.keyEncrypted': 'The private key must not have a password',
    // Section 5, preheat and refresh; section 9, refresh.
    'preheat.url.format': 'Preheat URLs start with http:// or {host} one per line',
    'preheat.url.directoryEnd': "Directory refresh URLs end with '/'",
    'preheat.url.notCacheable':
      'Preheated resources must not have cache expiry 0 or cache-control of private, no-cache or no-store',
    'preheat.refresh.takesEffect': 'Refresh takes about 5 minutes to take effect.',
    // Section 8, ticket image upload errors; 'Upload Failed' of the other texts.
    'support.image.type': 'Only .png|.jpg|.gif|.svg',
    'errors.TICKET_IMAGE_TYPE': 'Only .png|.jpg|.gif|.svg',
    'support.image.tooLarge': 'Size over 1MB',
    'errors.TICKET_IMAGE_TOO_LARGE': 'Size over 1MB',
    'support.image.failed': 'Upload Failed',
  },
  'zh-CN': {
    'errors.CONFIG_FAILED': '配置失败',
    'domain.https.enableFirst': '请先开启HTTPS',
  },
};

describe('texts quoted by the spec', () => {
  const catalogues = { 'en-US': enUS as Record<MessageKey, string>, 'zh-CN': zhCN };
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`are the server's ${locale} messages, word for word`, () => {
      const pinned = specTexts[locale];
      const actual = Object.fromEntries(Object.keys(pinned).map((key) => [key, catalogues[locale][key as MessageKey]]));
      expect(actual).toEqual(pinned);
    });
  }
});
