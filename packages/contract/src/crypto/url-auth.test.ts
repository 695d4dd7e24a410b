import { describe, expect, it } from 'vitest';
import { formatTypeBTime, parseTypeBTime, signUrlTypeA, signUrlTypeB, verifyTypeA, verifyTypeB } from './url-auth';

const key = 'dimtm5evg50ijsx2hvuwyfoiu65';

describe('URL auth type A', () => {
  const signed = signUrlTypeA({ path: '/test.jpg', key, ts: 1582791032, rand: 'im1acp76sx9sdqe601v', uid: '0' });

  it('matches the reference vector', () => {
    expect(signed).toBe('/test.jpg?sign=1582791032-im1acp76sx9sdqe601v-0-3fbb88382c9356b6faaf9d68c7b2ae3a');
  });

  it('uses the parameter name and keeps an existing query', () => {
    const url = signUrlTypeA({ path: '/a.mp4?x=1', key, ts: 1582791032, rand: 'r', signArg: 'auth_key' });
    expect(url).toMatch(/^\/a\.mp4\?x=1&auth_key=1582791032-r-0-[0-9a-f]{32}$/);
    expect(verifyTypeA(url, { key, expireTime: 60, now: new Date(1582791032_000), signArg: 'auth_key' })).toEqual({
      result: 'valid',
      path: '/a.mp4',
    });
  });

  const at = (seconds: number) => new Date(seconds * 1000);

  it('is valid until ts + expireTime, expired after', () => {
    expect(verifyTypeA(signed, { key, expireTime: 3600, now: at(1582791032 + 3600) }).result).toBe('valid');
    expect(verifyTypeA(signed, { key, expireTime: 3600, now: at(1582791032 + 3601) }).result).toBe('expired');
  });

  it('accepts the backup key and full URLs', () => {
    const options = { key: 'otherkey123', backupKey: key, expireTime: 3600, now: at(1582791032) };
    expect(verifyTypeA(`https://cdn.example.com${signed}`, options).result).toBe('valid');
  });

  it('refuses a wrong key, a changed path, a missing or malformed signature', () => {
    const options = { key, expireTime: 3600, now: at(1582791032) };
    expect(verifyTypeA(signed, { ...options, key: 'wrongkey1' }).result).toBe('invalid');
    expect(verifyTypeA(signed.replace('/test.jpg', '/test2.jpg'), options).result).toBe('invalid');
    expect(verifyTypeA('/test.jpg', options).result).toBe('invalid');
    expect(verifyTypeA('/test.jpg?sign=abc-def', options).result).toBe('invalid');
    expect(verifyTypeA('/test.jpg?sign=x-r-0-3fbb88382c9356b6faaf9d68c7b2ae3a', options).result).toBe('invalid');
    expect(verifyTypeA('/test.jpg?sign=%E0%A4%A', options).result).toBe('invalid');
  });

  it('reads a rand containing dashes', () => {
    const url = signUrlTypeA({ path: '/f', key, ts: 100, rand: 'a-b-c', uid: '7' });
    expect(verifyTypeA(url, { key, expireTime: 10, now: at(100) }).result).toBe('valid');
  });
});

describe('URL auth type B', () => {
  const ts = parseTypeBTime('202002271610')!;

  it('reads and writes the time on a UTC+8 clock', () => {
    expect(ts.toISOString()).toBe('2020-02-27T08:10:00.000Z');
    expect(formatTypeBTime(new Date('2020-02-27T16:10:00Z'))).toBe('202002280010');
    expect(parseTypeBTime('202002301610')).toBeNull();
    expect(parseTypeBTime('2020022716')).toBeNull();
  });

  it('matches the reference vector', () => {
    expect(signUrlTypeB({ path: '/test.jpg', key, ts })).toBe(
      '/202002271610/2e03a07cfa55a47768226d3e5ea82a8d/test.jpg',
    );
  });

  it('verifies with either key and expires after expireTime', () => {
    const url = '/202002271610/2e03a07cfa55a47768226d3e5ea82a8d/test.jpg';
    const now = new Date(ts.getTime() + 1800_000);
    expect(verifyTypeB(url, { key, expireTime: 1800, now })).toEqual({ result: 'valid', path: '/test.jpg' });
    expect(verifyTypeB(url, { key: 'abcdef', backupKey: key, expireTime: 1800, now }).result).toBe('valid');
    expect(verifyTypeB(url, { key, expireTime: 1799, now }).result).toBe('expired');
    expect(verifyTypeB(url, { key: 'abcdef', expireTime: 1800, now }).result).toBe('invalid');
    expect(
      verifyTypeB('/202002271610/2e03a07cfa55a47768226d3e5ea82a8d/other.jpg', { key, expireTime: 1800, now }),
    ).toEqual({ result: 'invalid', path: '/other.jpg' });
    expect(verifyTypeB('/test.jpg', { key, expireTime: 1800, now })).toEqual({ result: 'invalid', path: null });
  });
});
