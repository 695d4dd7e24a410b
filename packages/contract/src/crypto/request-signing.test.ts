import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './md5';
import {
  canonicalQuery,
  isApiKeyAuthorization,
  parseApiKeyAuthorization,
  requestSignature,
  signRequest,
  stringToSign,
} from './request-signing';
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

describe('the signed query and header, field by field', () => {
  it('sorts by name, then by value, and keeps equal pairs', () => {
    expect(canonicalQuery('b=1&a=2&a=1&c&a=1')).toBe('a=1&a=1&a=2&b=1&c=');
    expect(canonicalQuery('a=b&a=a&aa=a&A=z')).toBe('A=z&a=a&a=b&aa=a');
    // A value with '=' keeps everything after the first one.
    expect(canonicalQuery('q=a=b')).toBe('q=a%3Db');
  });

  it("encodes each of RFC 3986's reserved marks and keeps the unreserved ones", () => {
    expect(canonicalQuery("v=!'()*")).toBe('v=%21%27%28%29%2A');
    expect(canonicalQuery('v=-_.~aZ09')).toBe('v=-_.~aZ09');
  });

  it('signs malformed percent-encoding as it came (with + read as a space)', () => {
    expect(canonicalQuery('v=%E0%A4%A+x')).toBe('v=%25E0%25A4%25A%20x');
  });

  const field = (name: string, value: string) => `${name}=${value}`;
  const header = (fields: Record<string, string>) =>
    `EW1-HMAC-SHA256 ${Object.entries(fields)
      .map(([name, value]) => field(name, value))
      .join(', ')}`;
  const valid = {
    SecretId: 'EWAK1234',
    Timestamp: '1',
    Nonce: 'abcdefgh',
    ContentSha256: 'a'.repeat(64),
    Signature: 'b'.repeat(64),
  };

  // Each field's shortest and longest accepted value, and one character less and more.
  it.each([
    ['SecretId', 'A'.repeat(8), 'A'.repeat(64), 'A'.repeat(7), 'A'.repeat(65)],
    ['Timestamp', '0', '9'.repeat(12), '', '9'.repeat(13)],
    ['Nonce', 'n_-'.repeat(3).slice(0, 8), 'n'.repeat(64), 'n'.repeat(7), 'n'.repeat(65)],
    ['ContentSha256', 'c'.repeat(64), 'C'.repeat(64), 'c'.repeat(63), 'c'.repeat(65)],
    ['Signature', '0'.repeat(64), 'F'.repeat(64), 'f'.repeat(63), 'f'.repeat(65)],
  ])('%s: accepts %s and %s, refuses %s and %s', (name, shortest, longest, tooShort, tooLong) => {
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: shortest }))).not.toBeNull();
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: longest }))).not.toBeNull();
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: tooShort }))).toBeNull();
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: tooLong }))).toBeNull();
  });

  it.each([
    ['SecretId', 'EWAK-234'],
    ['Timestamp', '1a'],
    ['Timestamp', '-1'],
    ['Nonce', 'abcdefg!'],
    ['ContentSha256', `${'a'.repeat(63)}g`],
    ['Signature', `${'b'.repeat(63)}g`],
  ])('%s: refuses %s', (name, value) => {
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: value }))).toBeNull();
    expect(parseApiKeyAuthorization(header({ ...valid, [name]: `x${value}` }))).toBeNull();
  });

  it('reads the fields in any order with spaces around them, hex in either case', () => {
    const parsed = parseApiKeyAuthorization(
      `EW1-HMAC-SHA256  Signature = ${'B'.repeat(64)} ,Nonce=abcdefgh,  ContentSha256=${'A'.repeat(64)}, Timestamp=42 , SecretId=EWAK1234`,
    );
    expect(parsed).toEqual({
      secretId: 'EWAK1234',
      timestamp: 42,
      nonce: 'abcdefgh',
      contentSha256: 'a'.repeat(64),
      signature: 'b'.repeat(64),
    });
  });

  it('refuses a field without =, an unknown scheme and a session token', () => {
    expect(parseApiKeyAuthorization(`${header(valid)}, extra`)).toBeNull();
    expect(parseApiKeyAuthorization(header(valid).replace('EW1-HMAC-SHA256 ', 'EW1-HMAC-SHA256,'))).toBeNull();
    expect(isApiKeyAuthorization(header(valid))).toBe(true);
    expect(isApiKeyAuthorization('EW1-HMAC-SHA256')).toBe(false);
    expect(isApiKeyAuthorization('EW1-HMAC-SHA2561 SecretId=x')).toBe(false);
    expect(isApiKeyAuthorization('0123456789abcdef')).toBe(false);
  });

  it('signs the path alone when there is no query, and bytes like the same text', () => {
    const input = { secretId: 'EWAK1234', secretKey: 'k', method: 'GET', timestamp: 1, nonce: 'abcdefgh' };
    const plain = parseApiKeyAuthorization(signRequest({ ...input, url: '/api/key/list' }))!;
    expect(plain.signature).toBe(
      requestSignature('k', {
        method: 'GET',
        path: '/api/key/list',
        query: '',
        timestamp: 1,
        nonce: 'abcdefgh',
        contentSha256: sha256(''),
      }),
    );
    const text = signRequest({ ...input, method: 'POST', url: '/api/x', body: '{"a":1}' });
    const bytes = signRequest({ ...input, method: 'POST', url: '/api/x', body: utf8Bytes('{"a":1}') });
    expect(bytes).toBe(text);
    expect(
      stringToSign({ ...input, path: '/p', query: '', contentSha256: 'ABC' })
        .split('\n')
        .at(-1),
    ).toBe('abc');
  });
});

describe('the canonical query, pair by pair', () => {
  it('orders values of one name whatever order they came in', () => {
    for (const query of ['a=1&a=2&a=3', 'a=3&a=2&a=1', 'a=2&a=3&a=1', 'a=3&a=1&a=2']) {
      expect(canonicalQuery(query), query).toBe('a=1&a=2&a=3');
    }
    expect(canonicalQuery('b=1&a=2')).toBe('a=2&b=1');
    expect(canonicalQuery('a=2&b=1')).toBe('a=2&b=1');
  });

  it('reads a pair opening with = as an empty name', () => {
    expect(canonicalQuery('=v')).toBe('=v');
    expect(canonicalQuery('b=1&=v')).toBe('=v&b=1');
  });

  it('splits the URL at its first ?', () => {
    const input = { secretId: 'EWAK1234', secretKey: 'k', method: 'GET', timestamp: 1, nonce: 'abcdefgh' };
    const signed = parseApiKeyAuthorization(signRequest({ ...input, url: '/api/x?a=1?b' }))!;
    const parts = { method: 'GET', timestamp: 1, nonce: 'abcdefgh', contentSha256: sha256('') };
    expect(signed.signature).toBe(requestSignature('k', { ...parts, path: '/api/x', query: 'a=1?b' }));
  });
});
