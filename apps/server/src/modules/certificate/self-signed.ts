// node:crypto reads X.509 but cannot write it. The demo account's sample certificates are written here in DER by
// hand: a minimal v3 certificate (subject, SANs) signed with its own P-256 key. Not for anything a customer serves.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (YYMMDDHHMMSSZ), which X.509 requires for dates before 2050. */
function utcTime(at: Date): Buffer {
  return tlv(0x17, Buffer.from(`${at.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));
}

function distinguishedName(commonName: string, organization: string): Buffer {
  return sequence(set(sequence(oid('2.5.4.10'), utf8(organization))), set(sequence(oid('2.5.4.3'), utf8(commonName))));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----`;
}

export interface SelfSignedInput {
  /** The SANs; the first is the subject's common name. */
  dnsNames: [string, ...string[]];
  notBefore: Date;
  notAfter: Date;
  organization: string;
}

/** A self-signed ECDSA P-256 certificate for the names and its PKCS#8 key, both in PEM. */
export function selfSignedCertificate(input: SelfSignedInput): { certificate: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(16);
  // A positive integer in its shortest form: the top bit clear and the first byte not zero.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const name = distinguishedName(input.dnsNames[0], input.organization);
  const subjectAltName = sequence(
    oid('2.5.29.17'),
    tlv(0x04, sequence(...input.dnsNames.map((dnsName) => tlv(0x82, Buffer.from(dnsName, 'ascii'))))),
  );
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(input.notBefore), utcTime(input.notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(subjectAltName)),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    certificate: pem('CERTIFICATE', certificate),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
  };
}
