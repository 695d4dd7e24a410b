import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256 } from './sha256';

describe('sha256 and hmacSha256', () => {
  it('match FIPS 180-4 and RFC 4231 vectors', () => {
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // RFC 4231 test case 2.
    expect(hmacSha256('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('match node:crypto on random input of every length around the block edges, keys long and short', () => {
    for (let length = 0; length < 200; length += 1) {
      const data = randomBytes(length);
      const key = randomBytes(length % 97);
      expect(sha256(data)).toBe(createHash('sha256').update(data).digest('hex'));
      expect(hmacSha256(key, data)).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
    expect(sha256('雪 ❄ 𝄞')).toBe(createHash('sha256').update('雪 ❄ 𝄞').digest('hex'));
  });
});
