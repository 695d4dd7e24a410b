import { describe, expect, it } from 'vitest';
import { canonicalQuery, parseApiKeyAuthorization, signRequest, stringToSign } from './request-signing';
import { hmacSha256, sha256 } from './sha256';

describe('API-key request signing', () => {
  it('canonicalizes the query whatever the order and encoding', () => {
    expect(canonicalQuery('b=2&a=x+y&a=1')).toBe('a=1&a=x%20y&b=2');
    expect(canonicalQuery('a=x%20y&b=2&a=1')).toBe('a=1&a=x%20y&b=2');
    expect(canonicalQuery('flag&q=%E4%B8%AD(1)*')).toBe('flag=&q=%E4%B8%AD%281%29%2A');
    expect(canonicalQuery('')).toBe('');
  });

  it('signs the method, path, canonical query, timestamp, nonce and body hash with HMAC-SHA256', () => {
    const body = '{"domainName":"www.example.com"}';
    const header = signRequest({
      secretId: 'EWAKEXAMPLE0000000000001',
      secretKey: 'example-secret-key',
      method: 'post',
      url: '/api/domain/create?z=1&a=2',
      body,
      timestamp: 1_700_000_000,
      nonce: 'n0nce-0001',
    });
    const bodyHash = sha256(body);
    const expected = hmacSha256(
      'example-secret-key',
      `EW1-HMAC-SHA256\nPOST\n/api/domain/create\na=2&z=1\n1700000000\nn0nce-0001\n${bodyHash}`,
    );
    expect(header).toBe(
      `EW1-HMAC-SHA256 SecretId=EWAKEXAMPLE0000000000001, Timestamp=1700000000, Nonce=n0nce-0001, ContentSha256=${bodyHash}, Signature=${expected}`,
    );
    expect(parseApiKeyAuthorization(header)).toEqual({
      secretId: 'EWAKEXAMPLE0000000000001',
      timestamp: 1_700_000_000,
      nonce: 'n0nce-0001',
      contentSha256: bodyHash,
      signature: expected,
    });
  });

  it('hashes an empty body for a call without one', () => {
    expect(
      stringToSign({
        method: 'GET',
        path: '/api/key/list',
        query: '',
        timestamp: 1,
        nonce: 'abcdefgh',
        contentSha256: sha256(''),
      }).split('\n'),
    ).toEqual(['EW1-HMAC-SHA256', 'GET', '/api/key/list', '', '1', 'abcdefgh', sha256('')]);
  });

  it('refuses headers with a field missing, repeated or malformed', () => {
    const ok = `EW1-HMAC-SHA256 SecretId=EWAK1234abcd, Timestamp=1, Nonce=abcdefgh, ContentSha256=${'a'.repeat(64)}, Signature=${'b'.repeat(64)}`;
    expect(parseApiKeyAuthorization(ok)).not.toBeNull();
    expect(parseApiKeyAuthorization(ok.replace('Nonce=abcdefgh', 'Nonce=short'))).toBeNull();
    expect(parseApiKeyAuthorization(ok.replace(', Timestamp=1', ''))).toBeNull();
    expect(parseApiKeyAuthorization(`${ok}, Nonce=abcdefgh`)).toBeNull();
    expect(parseApiKeyAuthorization(ok.replace('EW1-HMAC-SHA256', 'Bearer'))).toBeNull();
  });
});
