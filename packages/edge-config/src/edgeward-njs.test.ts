import { signUrlTypeA, signUrlTypeB, verifyTypeA, verifyTypeB } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import edgeward, { type EdgewardAuthOptions } from '../njs/edgeward.js';

/* The njs module, run in Node, agrees with the contract's signers and verifier (the console's test signer). */

const key = 'primaryKey123';
const backupKey = 'backupKey456';
const ts = 1_700_000_000;
const at = (seconds: number) => seconds * 1000;

function both(uri: string, options: EdgewardAuthOptions, nowSeconds: number) {
  const contract = options.type === 'a' ? verifyTypeA : verifyTypeB;
  const expected = contract(uri, {
    key: options.key,
    backupKey: options.backupKey,
    expireTime: options.expire,
    now: new Date(at(nowSeconds)),
    signArg: options.signArg,
  }).result;
  return { njs: edgeward.verify(uri, options, at(nowSeconds)), contract: expected };
}

describe('njs URL auth type A', () => {
  const options: EdgewardAuthOptions = { type: 'a', key, backupKey, expire: 600, signArg: 'auth_key' };
  const signed = signUrlTypeA({ path: '/v/a.mp4?x=1', key, ts, rand: 'r4nd-0m', uid: '7', signArg: 'auth_key' });

  it.each([
    ['valid', signed, ts + 600, 'valid'],
    [
      'signed with the backup key',
      signUrlTypeA({ path: '/a', key: backupKey, ts, rand: 'q', signArg: 'auth_key' }),
      ts,
      'valid',
    ],
    ['expired', signed, ts + 601, 'expired'],
    ['tampered path', signed.replace('/v/a.mp4', '/v/b.mp4'), ts, 'invalid'],
    ['tampered hash', signed.replace(/.$/, (c) => (c === '0' ? '1' : '0')), ts, 'invalid'],
    ['no signature', '/v/a.mp4?x=1', ts, 'invalid'],
    [
      'signed with another key',
      signUrlTypeA({ path: '/a', key: 'otherKey999', ts, rand: 'q', signArg: 'auth_key' }),
      ts,
      'invalid',
    ],
  ])('%s', (_label, uri, now, result) => {
    expect(both(uri, options, now)).toEqual({ njs: result, contract: result });
  });

  it('refuses a signature with malformed percent-encoding', () => {
    // The contract's verifyTypeA throws a URIError here; the edge answers 403.
    expect(edgeward.verify('/a?auth_key=%E0%A4%A', options, at(ts))).toBe('invalid');
  });

  it('answers the sidecar check from the headers: 204 valid, 403 otherwise', () => {
    const headers = {
      'X-Edgeward-Uri': signed,
      'X-Edgeward-Auth-Type': 'a',
      'X-Edgeward-Auth-Key': key,
      'X-Edgeward-Auth-Backup': '',
      'X-Edgeward-Auth-Expire': String(365 * 86_400 * 100),
      'X-Edgeward-Auth-Arg': 'auth_key',
    };
    const status = (headersIn: Record<string, string>) => {
      let answered = 0;
      edgeward.check({ headersIn, return: (code) => (answered = code) });
      return answered;
    };
    expect(status(headers)).toBe(204);
    expect(status({ ...headers, 'X-Edgeward-Auth-Key': 'wrongKey111' })).toBe(403);
    expect(status({ ...headers, 'X-Edgeward-Auth-Expire': '0' })).toBe(403);
    expect(status({ ...headers, 'X-Edgeward-Uri': '/v/a.mp4?x=1' })).toBe(403);
    expect(status({})).toBe(403);
  });
});

describe('njs URL auth type B', () => {
  const options: EdgewardAuthOptions = { type: 'b', key, backupKey: '', expire: 300, signArg: 'sign' };
  // 2023-11-14 22:13 UTC is 2023-11-15 06:13 on the UTC+8 clock the time is written in.
  const signedAt = new Date(Date.UTC(2023, 10, 14, 22, 13));
  const signed = signUrlTypeB({ path: '/img/a%20b.jpg', key, ts: signedAt });
  const now = signedAt.getTime() / 1000;

  it.each([
    ['valid', signed, now + 300, 'valid'],
    ['with a query', `${signed}?x=1`, now, 'valid'],
    ['expired', signed, now + 301, 'expired'],
    ['tampered path', signed.replace('a%20b', 'c'), now, 'invalid'],
    ['not a real time', signed.replace(/^\/\d{12}/, '/202313320000'), now, 'invalid'],
    ['no prefix', '/img/a.jpg', now, 'invalid'],
    ['backup key unset, another key', signUrlTypeB({ path: '/a', key: 'otherKey999', ts: signedAt }), now, 'invalid'],
  ])('%s', (_label, uri, nowSeconds, result) => {
    expect(both(uri, options, nowSeconds)).toEqual({ njs: result, contract: result });
  });

  it('accepts the backup key', () => {
    const byBackup = signUrlTypeB({ path: '/a', key: backupKey, ts: signedAt });
    expect(both(byBackup, { ...options, backupKey }, now)).toEqual({ njs: 'valid', contract: 'valid' });
  });

  it('writes the time on the UTC+8 clock', () => {
    expect(signed.startsWith('/202311150613/')).toBe(true);
  });
});
