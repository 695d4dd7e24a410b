import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '../../lib/certificate-check';
import { selfSignedCertificate } from './self-signed';

describe('selfSignedCertificate', () => {
  it('writes a certificate node:crypto and the upload check read: names, dates, key, own signature', () => {
    const notBefore = new Date('2026-01-02T03:04:05Z');
    const notAfter = new Date('2027-01-02T03:04:05Z');
    const made = selfSignedCertificate({
      dnsNames: ['www.example.com', '*.example.com'],
      notBefore,
      notAfter,
      organization: 'Edgeward sample',
    });
    const x509 = new X509Certificate(made.certificate);
    expect(x509.subjectAltName).toBe('DNS:www.example.com, DNS:*.example.com');
    expect(x509.subject).toBe('O=Edgeward sample\nCN=www.example.com');
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(new Date(x509.validTo).getTime()).toBe(notAfter.getTime());
    const check = checkCertificate({ ...made, now: new Date('2026-06-01T00:00:00Z') });
    expect(check).toMatchObject({
      ok: true,
      info: { commonName: 'www.example.com', keyType: 'ECC', keyBits: 256, validFrom: notBefore.getTime() },
    });
  });
});
