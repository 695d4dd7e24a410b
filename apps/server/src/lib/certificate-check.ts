// The one check of a certificate and its key: the certificate area's uploads and applications, and the domain
// area's HTTPS tab, all go through checkCertificate.
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

export type CertificateProblem =
  | 'certificateFormat'
  | 'keyFormat'
  | 'keyEncrypted'
  | 'keyType'
  | 'keyMismatch'
  | 'leafNotFirst'
  | 'chainOrder'
  | 'chainBroken'
  | 'expired'
  | 'notYetValid'
  | 'chainExpired'
  | 'chainNotYetValid'
  | 'hostMismatch';

type CertificateKeyType = 'RSA' | 'ECC';

export interface CertificateInfo {
  /** The leaf's subject common name (its first SAN when it has none). */
  commonName: string;
  /** The leaf's subject, one `K=V` per line, as node:crypto writes it. */
  subject: string;
  issuer: string;
  /** The issuer's common name (the issuer when it has none). */
  issuerName: string;
  /** Epoch ms. */
  validFrom: number;
  validTo: number;
  dnsNames: string[];
  keyType: CertificateKeyType;
  /** RSA modulus length, or the EC curve's size. */
  keyBits: number;
  fingerprint256: string;
  serialNumber: string;
}

export type CertificateCheck =
  | { ok: true; info: CertificateInfo }
  | { ok: false; problem: CertificateProblem; field: 'certificate' | 'privateKey' };

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

const curveBits: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521 };

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

/** RSA of any size or ECDSA on the curves browsers accept; null for anything else (Ed25519, DSA...). */
function keyTypeOf(key: KeyObject): { keyType: CertificateKeyType; keyBits: number } | null {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa' && details.modulusLength) {
    return { keyType: 'RSA', keyBits: details.modulusLength };
  }
  const bits = key.asymmetricKeyType === 'ec' ? curveBits[details.namedCurve ?? ''] : undefined;
  return bits ? { keyType: 'ECC', keyBits: bits } : null;
}

const issues = (cert: X509Certificate, issuer: X509Certificate) =>
  cert !== issuer && cert.checkIssued(issuer) && cert.verify(issuer.publicKey);

/**
 * How the chain after the leaf fails to link, if it does: each certificate must be issued and signed by the next
 * one (names and signature). When every certificate does have its issuer somewhere in the chain, only the order
 * is wrong, which the customer fixes differently from a missing or foreign intermediate.
 */
function chainProblem(chain: X509Certificate[]): 'chainOrder' | 'chainBroken' | null {
  const linked = chain.every((cert, i) => i + 1 === chain.length || issues(cert, chain[i + 1]!));
  if (linked) return null;
  const root = chain.filter((cert) => !chain.some((other) => issues(cert, other)));
  return root.length === 1 && root[0] !== chain[0] ? 'chainOrder' : 'chainBroken';
}

const commonNameOf = (dn: string) => /^CN=(.+)$/m.exec(dn)?.[1];

function dnsNamesOf(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice(4).toLowerCase());
}

/**
 * Checks a certificate chain and its key, in the order a customer can fix things: both parse, the key is not
 * password-protected and is RSA or ECDSA, the key belongs to the first certificate (a chain holding the key's
 * certificate further down is told apart as leafNotFirst), each certificate of the chain is issued and signed by
 * the next, every certificate is inside its validity window at `now`, and, when a domain is named, the first one
 * covers it (subjectAltName, wildcards included).
 */
export function checkCertificate(input: {
  certificate: string;
  privateKey: string;
  domainName?: string;
  now: Date;
}): CertificateCheck {
  const chain = parseChain(input.certificate);
  if (!chain || chain.length === 0) return { ok: false, problem: 'certificateFormat', field: 'certificate' };
  const key = parseKey(input.privateKey);
  if (key === 'encrypted') return { ok: false, problem: 'keyEncrypted', field: 'privateKey' };
  if (key?.type !== 'private') return { ok: false, problem: 'keyFormat', field: 'privateKey' };
  const type = keyTypeOf(key);
  if (!type) return { ok: false, problem: 'keyType', field: 'privateKey' };
  const leaf = chain[0]!;
  if (!leaf.checkPrivateKey(key)) {
    // The key's certificate further down the chain (intermediate pasted first) is an order the customer fixes by
    // moving it, not a wrong key: refused, not reordered, so that what is stored and served is what was pasted.
    const keyed = chain.some((cert) => cert.checkPrivateKey(key));
    return keyed
      ? { ok: false, problem: 'leafNotFirst', field: 'certificate' }
      : { ok: false, problem: 'keyMismatch', field: 'privateKey' };
  }
  const linking = chainProblem(chain);
  if (linking) return { ok: false, problem: linking, field: 'certificate' };
  const at = input.now.getTime();
  for (const [i, cert] of chain.entries()) {
    if (Date.parse(cert.validTo) < at) {
      return { ok: false, problem: i === 0 ? 'expired' : 'chainExpired', field: 'certificate' };
    }
    if (Date.parse(cert.validFrom) > at) {
      return { ok: false, problem: i === 0 ? 'notYetValid' : 'chainNotYetValid', field: 'certificate' };
    }
  }
  if (input.domainName !== undefined && !leaf.checkHost(input.domainName)) {
    return { ok: false, problem: 'hostMismatch', field: 'certificate' };
  }
  const dnsNames = dnsNamesOf(leaf);
  return {
    ok: true,
    info: {
      commonName: commonNameOf(leaf.subject) ?? dnsNames[0] ?? '',
      subject: leaf.subject,
      issuer: leaf.issuer,
      issuerName: commonNameOf(leaf.issuer) ?? leaf.issuer,
      validFrom: Date.parse(leaf.validFrom),
      validTo: Date.parse(leaf.validTo),
      dnsNames,
      ...type,
      fingerprint256: leaf.fingerprint256,
      serialNumber: leaf.serialNumber,
    },
  };
}
