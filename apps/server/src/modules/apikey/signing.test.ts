import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { errorStatus, hmacSha256, parseApiKeyAuthorization, sha256, signRequest } from '@edgeward/contract';
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

  it('the script of docs/api.md (openssl) signs as the contract does, and /api/docs shows that header', () => {
    const e = workedExample;
    const header = signRequest(e);
    expect(scriptHeader(e.method, e.url, e.body, e.timestamp, e.nonce)).toBe(header);
    expect(signingDocs()).toContain(`Authorization: ${header}`);
    const get = { ...e, method: 'GET', url: '/api/log/login?size=5&page=1&flag', body: '', nonce: 'nonce-get-1' };
    expect(scriptHeader(get.method, get.url, '', get.timestamp, get.nonce)).toBe(signRequest(get));
  });
  it('/api/docs names each refusal of a signed call with the status the server answers it with', () => {
    const refusals = signingDocs()
      .split('\n')
      .find((line) => line.startsWith('Refused with 401: '))!;
    const [unauthorized, forbidden] = refusals.split('With 403: ') as [string, string];
    const codes = (text: string) => [...text.matchAll(/\(([A-Z_]+)\)/g)].map((m) => m[1] as keyof typeof errorStatus);
    expect(codes(unauthorized)).toEqual([
      'API_KEY_INVALID',
      'SIGNATURE_INVALID',
      'API_KEY_DISABLED',
      'SIGNATURE_EXPIRED',
      'NONCE_REUSED',
      'BODY_HASH_MISMATCH',
    ]);
    expect(codes(forbidden)).toEqual(['API_KEY_READ_ONLY', 'SESSION_REQUIRED']);
    for (const code of codes(unauthorized)) expect(errorStatus[code], code).toBe(401);
    for (const code of codes(forbidden)) expect(errorStatus[code], code).toBe(403);
    // api-key.test.ts checks the server's window: 300 s accepted, 301 s refused.
    expect(unauthorized).toContain('a timestamp more than 5 minutes from');
  });

  it("/api/docs shows the header's fields in the signer's order, with the nonce lengths the server takes", () => {
    const docs = signingDocs();
    const format = docs.slice(
      docs.indexOf('Authorization: EW1-HMAC-SHA256 SecretId=<'),
      docs.indexOf('Signature=<') + 11,
    );
    const names = (text: string) => [...text.matchAll(/(\w+)=/g)].map((m) => m[1]);
    expect(names(format)).toEqual(names(signRequest(workedExample)));
    const [, shortest, longest] = /Nonce=<(\d+)-(\d+) of A-Z a-z 0-9 _ ->/.exec(format)!.map(Number);
    const withNonce = (length: number) =>
      parseApiKeyAuthorization(signRequest({ ...workedExample, nonce: 'aZ0_-'.repeat(13).slice(0, length) }));
    expect([shortest, longest].map((n) => withNonce(n!)?.nonce.length)).toEqual([shortest, longest]);
    expect([shortest! - 1, longest! + 1].map(withNonce)).toEqual([null, null]);
  });

  it('/api/docs shows its three code blocks (header format, lines signed, header signed) apart from its paragraphs', () => {
    const e = workedExample;
    const blocks: string[][] = [];
    const paragraphs: string[] = [];
    let block: string[] | null = null;
    for (const line of signingDocs().split('\n')) {
      if (line === '```') {
        if (block) blocks.push(block);
        block = block ? null : [];
      } else if (block) block.push(line);
      else paragraphs.push(line);
    }
    expect(block).toBeNull();
    expect(blocks.map((b) => b.length)).toEqual([2, 7, 1]);
    expect(blocks[0]![0]).toMatch(/^Authorization: EW1-HMAC-SHA256 SecretId=</);
    expect(blocks[1]).toEqual([
      'EW1-HMAC-SHA256',
      'POST',
      '/api/preheat/tasks',
      '',
      '1767225600',
      e.nonce,
      sha256(e.body),
    ]);
    expect(blocks[2]).toEqual([`Authorization: ${signRequest(e)}`]);
    // Each paragraph stands alone: a blank line before and after every block and between paragraphs.
    expect(paragraphs.map((line) => (line === '' ? '' : 'text'))).toEqual([
      'text',
      '',
      '',
      'text',
      'text',
      '',
      'text',
      '',
      'text',
      '',
      '',
      '',
      'text',
    ]);
  });

  it('/api/docs gives every input of the worked example, and names a script that exists', () => {
    const e = workedExample;
    const docs = signingDocs();
    const example = docs.split('\n').find((line) => line.startsWith('**Worked example.**'))!;
    for (const input of [e.secretId, e.secretKey, `${e.method} ${e.url}`, e.body, String(e.timestamp), e.nonce]) {
      expect(example).toContain(input);
    }
    const named = /`(scripts\/[\w-]+\.sh)`/.exec(docs)![1]!;
    expect(fileURLToPath(new URL(`../../../../../${named}`, import.meta.url))).toBe(script);
  });
});
