import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../test/fixtures/certificates';
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
