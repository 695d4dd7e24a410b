// Certificate checking belongs to the certificate area (upload, ACME, deployment: issue 9 builds the rest of it here);
// the domain area's HTTPS settings use it until certificates are managed on their own.
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

export type CertificateProblem =
  | 'certificateFormat'
  | 'keyFormat'
  | 'keyEncrypted'
  | 'keyMismatch'
  | 'chainBroken'
  | 'expired'
  | 'notYetValid'
  | 'hostMismatch';

export interface CertificateInfo {
  subject: string;
  issuer: string;
  /** Epoch ms. */
  validFrom: number;
  validTo: number;
  dnsNames: string[];
  fingerprint256: string;
  serialNumber: string;
}

export type CertificateCheck =
  | { ok: true; info: CertificateInfo }
  | { ok: false; problem: CertificateProblem; field: 'certificate' | 'privateKey' };

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function parseChain(pem: string): X509Certificate[] | null {
  const blocks = pem.match(CERT_BLOCK);
  if (!blocks) return null;
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    return null;
  }
}

function parseKey(pem: string): KeyObject | 'encrypted' | null {
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(pem)) return 'encrypted';
  if (!/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/.test(pem)) return null;
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_MISSING_PASSPHRASE' ? 'encrypted' : null;
  }
}

/**
 * Checks an uploaded certificate before it reaches the edge, in the order a customer can fix things: both parse,
 * the key is not password-protected, the key belongs to the first certificate, each certificate of the chain is
 * issued and signed by the next, every certificate is inside its validity window at `now`, and the first one
 * covers the domain name (subjectAltName, wildcards included).
 */
export function checkCertificate(input: {
  certificate: string;
  privateKey: string;
  domainName: string;
  now: Date;
}): CertificateCheck {
  const chain = parseChain(input.certificate);
  if (!chain || chain.length === 0) return { ok: false, problem: 'certificateFormat', field: 'certificate' };
  const key = parseKey(input.privateKey);
  if (key === 'encrypted') return { ok: false, problem: 'keyEncrypted', field: 'privateKey' };
  if (key?.type !== 'private') return { ok: false, problem: 'keyFormat', field: 'privateKey' };
  const leaf = chain[0]!;
  if (!leaf.checkPrivateKey(key)) return { ok: false, problem: 'keyMismatch', field: 'privateKey' };
  for (let i = 0; i + 1 < chain.length; i++) {
    const cert = chain[i]!;
    const issuer = chain[i + 1]!;
    if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) {
      return { ok: false, problem: 'chainBroken', field: 'certificate' };
    }
  }
  const at = input.now.getTime();
  for (const cert of chain) {
    if (Date.parse(cert.validTo) < at) return { ok: false, problem: 'expired', field: 'certificate' };
    if (Date.parse(cert.validFrom) > at) return { ok: false, problem: 'notYetValid', field: 'certificate' };
  }
  if (!leaf.checkHost(input.domainName)) return { ok: false, problem: 'hostMismatch', field: 'certificate' };
  return {
    ok: true,
    info: {
      subject: leaf.subject,
      issuer: leaf.issuer,
      validFrom: Date.parse(leaf.validFrom),
      validTo: Date.parse(leaf.validTo),
      dnsNames: (leaf.subjectAltName ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.startsWith('DNS:'))
        .map((s) => s.slice(4)),
      fingerprint256: leaf.fingerprint256,
      serialNumber: leaf.serialNumber,
    },
  };
}
