import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { hmacSha256, sha256, signRequest } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { signingDocs, workedExample } from './signing-docs';

const script = fileURLToPath(new URL('../../../../../scripts/signed-curl.sh', import.meta.url));

function scriptHeader(method: string, url: string, body: string, timestamp: number, nonce: string): string {
  const args = body ? [method, url, body] : [method, url];
  return execFileSync(script, args, {
    env: {
      PATH: process.env.PATH,
      EW_PRINT: '1',
      EW_SECRET_ID: workedExample.secretId,
      EW_SECRET_KEY: workedExample.secretKey,
      EW_TIMESTAMP: String(timestamp),
      EW_NONCE: nonce,
    },
    encoding: 'utf8',
  }).trim();
}

describe('one signature everywhere', () => {
  it("the contract's SHA-256 and HMAC match node:crypto around every block edge", () => {
    for (let length = 0; length < 200; length += 1) {
      const data = randomBytes(length);
      const key = randomBytes(length % 97);
      expect(sha256(data)).toBe(createHash('sha256').update(data).digest('hex'));
      expect(hmacSha256(key, data)).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('the README script (openssl) signs as the contract does, and /api/docs shows that header', () => {
    const e = workedExample;
    const header = signRequest(e);
    expect(scriptHeader(e.method, e.url, e.body, e.timestamp, e.nonce)).toBe(header);
    expect(signingDocs()).toContain(`Authorization: ${header}`);
    const get = { ...e, method: 'GET', url: '/api/log/login?size=5&page=1&flag', body: '', nonce: 'nonce-get-1' };
    expect(scriptHeader(get.method, get.url, '', get.timestamp, get.nonce)).toBe(signRequest(get));
  });
});
