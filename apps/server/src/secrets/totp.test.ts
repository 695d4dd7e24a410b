import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32';
import { hotp, matchTotp, otpauthUri, timeStep } from './totp';

// RFC 6238 appendix B: the seeds are the ASCII digits "1234567890" repeated to the hash's key length.
const seeds = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('at %i s gives the appendix B codes for SHA-1, SHA-256 and SHA-512', (seconds, s1, s256, s512) => {
    const step = timeStep(new Date(seconds * 1000));
    expect(hotp(seeds.sha1, step, 8, 'sha1')).toBe(s1);
    expect(hotp(seeds.sha256, step, 8, 'sha256')).toBe(s256);
    expect(hotp(seeds.sha512, step, 8, 'sha512')).toBe(s512);
  });

  it('accepts one step either side, once per step, and nothing further', () => {
    const at = new Date(1_111_111_111_000);
    const step = timeStep(at);
    const code = (offset: number) => hotp(seeds.sha1, step + offset);
    expect(matchTotp(seeds.sha1, code(0), at, 0)).toBe(step);
    expect(matchTotp(seeds.sha1, code(-1), at, 0)).toBe(step - 1);
    expect(matchTotp(seeds.sha1, code(1), at, 0)).toBe(step + 1);
    expect(matchTotp(seeds.sha1, code(2), at, 0)).toBeNull();
    expect(matchTotp(seeds.sha1, code(-2), at, 0)).toBeNull();
    // A code already used (its step is the last one accepted) is refused, and so is any older one.
    expect(matchTotp(seeds.sha1, code(0), at, step)).toBeNull();
    expect(matchTotp(seeds.sha1, code(-1), at, step)).toBeNull();
    expect(matchTotp(seeds.sha1, code(1), at, step)).toBe(step + 1);
  });

  it('names the secret in base32 in an otpauth URI', () => {
    expect(base32Encode(seeds.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(seeds.sha1);
    expect(otpauthUri('Edgeward', 'alice', 'GEZDGNBVGY3TQOJQ')).toBe(
      'otpauth://totp/Edgeward:alice?secret=GEZDGNBVGY3TQOJQ&issuer=Edgeward&algorithm=SHA1&digits=6&period=30',
    );
  });
});
