import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../test/fixtures/certificates';
import { checkCertificate } from './certificate-check';

describe('certificate check', () => {
  let pki: TestPki;
  beforeAll(() => {
    pki = createTestPki();
  });
  afterAll(() => pki.cleanup());
  const now = new Date();
  const check = (certificate: string, privateKey: string, domainName = 'www.a.com') =>
    checkCertificate({ certificate, privateKey, domainName, now });

  it('accepts a full chain whose leaf covers the domain, directly or by wildcard', () => {
    const leaf = pki.issue(['www.a.com', 'a.com']);
    const result = check(leaf.chain, leaf.key);
    expect(result).toMatchObject({ ok: true, info: { dnsNames: ['www.a.com', 'a.com'] } });
    const wildcard = pki.issue(['*.a.com']);
    expect(check(wildcard.cert, wildcard.key, 'img.a.com').ok).toBe(true);
  });

  it.each([
    ['certificateFormat', 'certificate', () => ({ c: 'not a pem', k: pki.issue(['www.a.com']).key })],
    ['keyFormat', 'privateKey', () => ({ c: pki.issue(['www.a.com']).cert, k: 'nope' })],
    [
      'keyEncrypted',
      'privateKey',
      () => {
        const l = pki.issue(['www.a.com']);
        return { c: l.cert, k: pki.encrypt(l.key) };
      },
    ],
    ['keyMismatch', 'privateKey', () => ({ c: pki.issue(['www.a.com']).cert, k: pki.issue(['www.a.com']).key })],
    [
      'chainBroken',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { ca: 'other' });
        return { c: l.cert + pki.caCert, k: l.key };
      },
    ],
    [
      'expired',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { startDate: '20200101000000Z', endDate: '20200102000000Z' });
        return { c: l.chain, k: l.key };
      },
    ],
    [
      'notYetValid',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { startDate: '20990101000000Z', endDate: '20991231000000Z' });
        return { c: l.chain, k: l.key };
      },
    ],
    [
      'keyType',
      'privateKey',
      () => {
        const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
        return { c: pki.issue(['www.a.com']).chain, k: key };
      },
    ],
    [
      'leafNotFirst',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { ca: 'intermediate' });
        return { c: pki.intermediateCert + l.cert, k: l.key };
      },
    ],
    [
      'chainOrder',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { ca: 'intermediate' });
        return { c: l.cert + pki.caCert + pki.intermediateCert, k: l.key };
      },
    ],
    [
      'chainExpired',
      'certificate',
      () => {
        const l = pki.issue(['www.a.com'], { ca: 'expiredIntermediate' });
        return { c: l.chain, k: l.key };
      },
    ],
    [
      'hostMismatch',
      'certificate',
      () => {
        const l = pki.issue(['www.b.com']);
        return { c: l.chain, k: l.key };
      },
    ],
  ])('refuses %s on %s', (problem, field, make) => {
    const { c, k } = make();
    expect(check(c, k)).toEqual({ ok: false, problem, field });
  });

  it('refuses a chain whose intermediate is not valid yet, though the leaf is', () => {
    const l = pki.issue(['www.a.com'], { ca: 'futureIntermediate' });
    expect(check(l.chain, l.key)).toEqual({ ok: false, problem: 'chainNotYetValid', field: 'certificate' });
  });

  it('accepts a certificate from the first to the last millisecond of its window, and refuses one outside', () => {
    const leaf = pki.issue(['www.a.com']);
    const x509 = new X509Certificate(leaf.cert);
    const at = (ms: number) =>
      checkCertificate({ certificate: leaf.cert, privateKey: leaf.key, domainName: 'www.a.com', now: new Date(ms) });
    const [from, to] = [Date.parse(x509.validFrom), Date.parse(x509.validTo)];
    expect(at(from).ok).toBe(true);
    expect(at(to).ok).toBe(true);
    expect(at(from - 1)).toEqual({ ok: false, problem: 'notYetValid', field: 'certificate' });
    expect(at(to + 1)).toEqual({ ok: false, problem: 'expired', field: 'certificate' });
  });

  it.each([
    [
      'a public key',
      () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }),
    ],
    [
      'a private key block that does not parse',
      () => '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n',
    ],
  ])('refuses %s as keyFormat', (_, key) => {
    const leaf = pki.issue(['www.a.com']);
    expect(check(leaf.chain, String(key()))).toEqual({ ok: false, problem: 'keyFormat', field: 'privateKey' });
  });

  it('refuses a traditionally encrypted key (Proc-Type header) as keyEncrypted', () => {
    const leaf = pki.issue(['www.a.com']);
    const sec1 = createPrivateKey(leaf.key).export({
      type: 'sec1',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'pw',
    });
    expect(String(sec1)).toContain('Proc-Type: 4,ENCRYPTED');
    expect(check(leaf.chain, String(sec1))).toEqual({ ok: false, problem: 'keyEncrypted', field: 'privateKey' });
  });

  it('refuses an ECDSA key on a curve browsers do not take as keyType, and reads the others by their size', () => {
    const leaf = pki.issue(['www.a.com']);
    const keyOn = (namedCurve: string) =>
      generateKeyPairSync('ec', { namedCurve }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(check(leaf.chain, keyOn('secp256k1'))).toEqual({ ok: false, problem: 'keyType', field: 'privateKey' });
    // The curves browsers take pass the type check and are then told apart by the key match.
    for (const curve of ['secp384r1', 'secp521r1']) {
      expect(check(leaf.chain, keyOn(curve)), curve).toEqual({
        ok: false,
        problem: 'keyMismatch',
        field: 'privateKey',
      });
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(check(leaf.chain, String(rsa))).toEqual({ ok: false, problem: 'keyMismatch', field: 'privateKey' });
  });

  it('refuses a certificate block whose content is not a certificate as certificateFormat', () => {
    const leaf = pki.issue(['www.a.com']);
    const broken = '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n';
    expect(check(broken, leaf.key)).toEqual({ ok: false, problem: 'certificateFormat', field: 'certificate' });
    expect(check(leaf.chain + broken, leaf.key)).toEqual({
      ok: false,
      problem: 'certificateFormat',
      field: 'certificate',
    });
  });

  it('refuses a DSA key as keyType', () => {
    const leaf = pki.issue(['www.a.com']);
    const dsa = generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(check(leaf.chain, String(dsa))).toEqual({ ok: false, problem: 'keyType', field: 'privateKey' });
  });

  it('refuses as broken, not as misordered, a foreign CA between the leaf and its issuer, and a leaf no CA issued', () => {
    const l = pki.issue(['www.a.com']);
    const other = pki.issue(['www.a.com'], { ca: 'other' });
    const otherCa = other.chain.slice(other.cert.length);
    expect(check(l.cert + otherCa + pki.caCert, l.key)).toEqual({
      ok: false,
      problem: 'chainBroken',
      field: 'certificate',
    });
    // Each copy of the root issues the other: the leaf alone has no issuer in the chain.
    expect(check(other.cert + pki.caCert + pki.caCert, other.key)).toEqual({
      ok: false,
      problem: 'chainBroken',
      field: 'certificate',
    });
  });

  it('lists only the DNS names of the subjectAltName', () => {
    const leaf = pki.issue(['www.a.com', 'a.com,IP:192.0.2.1,email:ops@a.com']);
    expect(check(leaf.chain, leaf.key)).toMatchObject({ ok: true, info: { dnsNames: ['www.a.com', 'a.com'] } });
  });

  it('refuses a chain missing its intermediate as broken, and takes a leaf alone', () => {
    const l = pki.issue(['www.a.com'], { ca: 'intermediate' });
    expect(check(l.cert + pki.caCert, l.key)).toEqual({ ok: false, problem: 'chainBroken', field: 'certificate' });
    expect(check(l.cert, l.key).ok).toBe(true);
  });

  it('checks the domain only when one is named, and describes the leaf', () => {
    const leaf = pki.issue(['WWW.Upper.example', '*.upper.example']);
    const x509 = new X509Certificate(leaf.cert);
    const result = checkCertificate({ certificate: leaf.chain, privateKey: leaf.key, now });
    expect(result).toEqual({
      ok: true,
      info: {
        commonName: 'WWW.Upper.example',
        subject: x509.subject,
        issuer: x509.issuer,
        issuerName: 'Edgeward Test main CA',
        validFrom: Date.parse(x509.validFrom),
        validTo: Date.parse(x509.validTo),
        dnsNames: ['www.upper.example', '*.upper.example'],
        keyType: 'ECC',
        keyBits: 256,
        fingerprint256: x509.fingerprint256,
        serialNumber: x509.serialNumber,
      },
    });
    expect(check(leaf.chain, leaf.key, 'img.upper.example').ok).toBe(true);
    expect(check(leaf.chain, leaf.key, 'a.b.upper.example')).toMatchObject({ ok: false, problem: 'hostMismatch' });
  });

  it("refuses a chain whose intermediate has the issuer's name and key identifier but not its key, as broken", () => {
    const l = pki.issue(['www.a.com'], { ca: 'intermediate' });
    expect(check(l.cert + pki.impostorIntermediateCert + pki.caCert, l.key)).toEqual({
      ok: false,
      problem: 'chainBroken',
      field: 'certificate',
    });
  });

  it('reads RSA and ECDSA keys with their sizes, and links a chain through an intermediate', () => {
    const rsa = pki.issue(['www.a.com'], { keyType: 'rsa', ca: 'intermediate' });
    expect(check(rsa.chain, rsa.key)).toMatchObject({
      ok: true,
      info: { keyType: 'RSA', keyBits: 2048, issuerName: 'Edgeward Test intermediate CA' },
    });
    const ec = pki.issue(['www.a.com']);
    expect(check(ec.chain, ec.key)).toMatchObject({ ok: true, info: { keyType: 'ECC', keyBits: 256 } });
  });
});
