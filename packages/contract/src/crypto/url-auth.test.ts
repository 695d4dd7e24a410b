import { describe, expect, it } from 'vitest';
import {
  formatTypeBTime,
  parseTypeBTime,
  signUrlTypeA,
  signUrlTypeB,
  typeASignature,
  typeBSignature,
  verifyTypeA,
  verifyTypeB,
} from './url-auth';

const key = 'dimtm5evg50ijsx2hvuwyfoiu65';

// Signed links are made inside the tests: code that runs while the file is collected counts as module-level for
// Stryker, whose mutants of it this setup does not activate, so they would be reported as surviving.

describe('URL auth type A', () => {
  const signed = () => signUrlTypeA({ path: '/test.jpg', key, ts: 1582791032, rand: 'im1acp76sx9sdqe601v', uid: '0' });

  it('matches the reference vector', () => {
    expect(signed()).toBe('/test.jpg?sign=1582791032-im1acp76sx9sdqe601v-0-3fbb88382c9356b6faaf9d68c7b2ae3a');
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
    expect(verifyTypeA(signed(), { key, expireTime: 3600, now: at(1582791032 + 3600) }).result).toBe('valid');
    expect(verifyTypeA(signed(), { key, expireTime: 3600, now: at(1582791032 + 3601) }).result).toBe('expired');
  });

  it('accepts the backup key and full URLs', () => {
    const options = { key: 'otherkey123', backupKey: key, expireTime: 3600, now: at(1582791032) };
    expect(verifyTypeA(`https://cdn.example.com${signed()}`, options).result).toBe('valid');
  });

  it('refuses a wrong key, a changed path, a missing or malformed signature', () => {
    const options = { key, expireTime: 3600, now: at(1582791032) };
    expect(verifyTypeA(signed(), { ...options, key: 'wrongkey1' }).result).toBe('invalid');
    expect(verifyTypeA(signed().replace('/test.jpg', '/test2.jpg'), options).result).toBe('invalid');
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
  const at = () => parseTypeBTime('202002271610')!;

  it('reads and writes the time on a UTC+8 clock', () => {
    expect(at().toISOString()).toBe('2020-02-27T08:10:00.000Z');
    expect(formatTypeBTime(new Date('2020-02-27T16:10:00Z'))).toBe('202002280010');
    expect(parseTypeBTime('202002301610')).toBeNull();
    expect(parseTypeBTime('2020022716')).toBeNull();
  });

  it('matches the reference vector', () => {
    expect(signUrlTypeB({ path: '/test.jpg', key, ts: at() })).toBe(
      '/202002271610/2e03a07cfa55a47768226d3e5ea82a8d/test.jpg',
    );
  });

  it('verifies with either key and expires after expireTime', () => {
    const url = '/202002271610/2e03a07cfa55a47768226d3e5ea82a8d/test.jpg';
    const now = new Date(at().getTime() + 1800_000);
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

describe('URL auth at its edges', () => {
  const ts = 1582791032;
  const signed = () => signUrlTypeA({ path: '/test.jpg', key, ts, rand: 'im1acp76sx9sdqe601v', uid: '0' });
  const options = { key, expireTime: 3600, now: new Date(ts * 1000) };

  it('expires type A and type B links to the millisecond', () => {
    const edge = new Date((ts + 3600) * 1000);
    expect(verifyTypeA(signed(), { ...options, now: edge }).result).toBe('valid');
    expect(verifyTypeA(signed(), { ...options, now: new Date(edge.getTime() + 1) }).result).toBe('expired');
    const at = parseTypeBTime('202002271610')!;
    const url = signUrlTypeB({ path: '/v.mp4', key, ts: at });
    const end = new Date(at.getTime() + 60_000);
    expect(verifyTypeB(url, { key, expireTime: 60, now: end }).result).toBe('valid');
    expect(verifyTypeB(url, { key, expireTime: 60, now: new Date(end.getTime() + 1) }).result).toBe('expired');
  });

  it('finds its parameter by its whole name anywhere in the query', () => {
    const sign = signed().slice(signed().indexOf('sign=') + 'sign='.length);
    expect(verifyTypeA(`/test.jpg?a=1&sign=${sign}`, options)).toEqual({ result: 'valid', path: '/test.jpg' });
    expect(verifyTypeA(`/test.jpg?mysign=${sign}`, options).result).toBe('invalid');
    expect(verifyTypeA(`/test.jpg?sign=${sign}`, { ...options, signArg: 'auth' }).result).toBe('invalid');
  });

  it('takes the hash in either case, a 12-digit time and no longer one', () => {
    const upper = signed().replace(/[0-9a-f]{32}$/, (hash) => hash.toUpperCase());
    expect(upper).not.toBe(signed());
    expect(verifyTypeA(upper, options).result).toBe('valid');
    const late = signUrlTypeA({ path: '/f', key, ts: 999_999_999_999, rand: 'r' });
    expect(verifyTypeA(late, { ...options, now: new Date(0) }).result).toBe('valid');
    const later = signUrlTypeA({ path: '/f', key, ts: 1_000_000_000_000, rand: 'r' });
    expect(verifyTypeA(later, { ...options, now: new Date(0) }).result).toBe('invalid');
  });

  it('reads the uid and the rand from their places', () => {
    const url = signUrlTypeA({ path: '/f', key, ts, rand: 'r', uid: '42' });
    expect(verifyTypeA(url, options).result).toBe('valid');
    expect(verifyTypeA(url.replace('-r-42-', '-r-43-'), options).result).toBe('invalid');
    expect(verifyTypeA(url.replace('-r-42-', '-s-42-'), options).result).toBe('invalid');
    expect(verifyTypeA(url.replace(`${ts}-`, `${ts + 1}-`), options).result).toBe('invalid');
  });

  it('reads full URLs in any case of scheme, without their fragment, and paths without their leading slash', () => {
    expect(verifyTypeA(`HTTPS://cdn.example.com${signed()}#top`, options).result).toBe('valid');
    expect(verifyTypeA(signed().slice(1), options)).toEqual({ result: 'valid', path: '/test.jpg' });
  });

  it('validates nothing without a key: an empty key and backup key are no keys', () => {
    const unkeyed = signUrlTypeA({ path: '/f', key: '', ts, rand: 'r' });
    expect(verifyTypeA(unkeyed, { ...options, key: '', backupKey: '' }).result).toBe('invalid');
    const unkeyedB = signUrlTypeB({ path: '/f', key: '', ts: new Date(ts * 1000) });
    expect(verifyTypeB(unkeyedB, { ...options, key: '', backupKey: '' }).result).toBe('invalid');
  });

  it('reads type B with an upper-case hash, ignores its query and refuses a time that is no time', () => {
    const at = parseTypeBTime('202002271610')!;
    const url = signUrlTypeB({ path: '/v.mp4', key, ts: at });
    const now = at;
    expect(verifyTypeB(`${url}?x=1`, { key, expireTime: 60, now })).toEqual({ result: 'valid', path: '/v.mp4' });
    const upper = url.replace(/\/([0-9a-f]{32})\//, (_, hash: string) => `/${hash.toUpperCase()}/`);
    expect(verifyTypeB(upper, { key, expireTime: 60, now }).result).toBe('valid');
    expect(verifyTypeB(url.replace('/202002271610/', '/202013271610/'), { key, expireTime: 60, now })).toEqual({
      result: 'invalid',
      path: '/v.mp4',
    });
    expect(verifyTypeB(url.replace('/202002271610/', '/2020022716100/'), { key, expireTime: 60, now }).path).toBeNull();
  });

  it('writes and reads type B times at the edges of a day and a month', () => {
    expect(formatTypeBTime(new Date('2020-02-29T15:59:00Z'))).toBe('202002292359');
    expect(formatTypeBTime(new Date('2020-02-29T16:00:00Z'))).toBe('202003010000');
    expect(parseTypeBTime('202003010000')!.toISOString()).toBe('2020-02-29T16:00:00.000Z');
    expect(parseTypeBTime('202002290000')).not.toBeNull();
    expect(parseTypeBTime('202102290000')).toBeNull();
    expect(parseTypeBTime('202002272400')).toBeNull();
    expect(parseTypeBTime('202002271660')).toBeNull();
    expect(parseTypeBTime('x202002271610')).toBeNull();
    expect(parseTypeBTime('2020022716100')).toBeNull();
  });
});

describe('URL auth: what only the shape checks refuse', () => {
  const ts = 1582791032;
  const options = { key, expireTime: 3600, now: new Date(ts * 1000) };

  it('needs all four parts of a type A signature, even when the random part was empty', () => {
    const unrandom = signUrlTypeA({ path: '/f', key, ts, rand: '', uid: '0' });
    expect(verifyTypeA(unrandom, options).result).toBe('valid');
    expect(verifyTypeA(unrandom.replace(`${ts}--0-`, `${ts}-0-`), options).result).toBe('invalid');
  });

  it('takes the time only as plain digits, not another spelling of the same number', () => {
    const hash = typeASignature('/f', ts, 'r', '0', key);
    expect(verifyTypeA(`/f?sign=${ts}-r-0-${hash}`, options).result).toBe('valid');
    for (const spelling of [`${ts}.0`, `0x${ts.toString(16)}`, ` ${ts}`, `+${ts}`]) {
      expect(verifyTypeA(`/f?sign=${encodeURIComponent(spelling)}-r-0-${hash}`, options).result, spelling).toBe(
        'invalid',
      );
    }
  });

  it('reads the path of a link whose query carries another URL', () => {
    const signed = () => signUrlTypeA({ path: '/test.jpg', key, ts, rand: 'r' });
    expect(verifyTypeA(`${signed()}&next=http://cdn.example.com/other`, options)).toEqual({
      result: 'valid',
      path: '/test.jpg',
    });
  });

  it('refuses a type B link with anything before its time, and a signed() time that is no time', () => {
    const at = parseTypeBTime('202002271610')!;
    const url = signUrlTypeB({ path: '/v.mp4', key, ts: at });
    expect(verifyTypeB(`/prefix${url}`, { ...options, now: at })).toEqual({ result: 'invalid', path: null });
    const noTime = `/202013271610/${typeBSignature(key, '202013271610', '/v.mp4')}/v.mp4`;
    expect(verifyTypeB(noTime, { ...options, now: at })).toEqual({ result: 'invalid', path: '/v.mp4' });
  });
});
