import { fromUtc8Time, utc8Time } from '../time/utc8';
import { md5 } from './md5';

/*
 * URL authentication, shared by the console (test signer) and the edge (verifier), so both agree byte for byte.
 * Type A: <path>?<signArg>=<ts>-<rand>-<uid>-<md5("<path>-<ts>-<rand>-<uid>-<key>")>, ts in Unix seconds.
 * Type B: /<YYYYMMDDHHmm>/<md5(key + time + path)><path>, the time written in UTC+8.
 * Either key (primary or backup) validates; a link expires expireTime seconds after its time. The path is hashed
 * exactly as it appears in the URL (not percent-decoded).
 */

export interface SignTypeAOptions {
  /** The URL path, starting with '/'; a query string after it is kept and the signature appended. */
  path: string;
  key: string;
  /** Unix time in seconds. */
  ts: number;
  /** A random string of letters and digits. */
  rand: string;
  uid?: string;
  signArg?: string;
}

function splitQuery(url: string): { path: string; query: string } {
  const at = url.indexOf('?');
  return at < 0 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

export function typeASignature(path: string, ts: number, rand: string, uid: string, key: string): string {
  return md5(`${path}-${ts}-${rand}-${uid}-${key}`);
}

export function signUrlTypeA({ path, key, ts, rand, uid = '0', signArg = 'sign' }: SignTypeAOptions): string {
  const { path: bare, query } = splitQuery(path);
  const sign = `${ts}-${rand}-${uid}-${typeASignature(bare, ts, rand, uid, key)}`;
  return `${bare}?${query ? `${query}&` : ''}${signArg}=${sign}`;
}

/** YYYYMMDDHHmm of an instant, read on a UTC+8 clock. */
export function formatTypeBTime(ts: Date): string {
  const t = utc8Time(ts);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.year}${two(t.month)}${two(t.day)}${two(t.hour)}${two(t.minute)}`;
}

/** The instant of a YYYYMMDDHHmm UTC+8 time, or null when it is not a real date and time. */
export function parseTypeBTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = fromUtc8Time({ year, month, day, hour, minute, second: 0 });
  return formatTypeBTime(date) === text ? date : null;
}

export function typeBSignature(key: string, time: string, path: string): string {
  return md5(`${key}${time}${path}`);
}

export function signUrlTypeB({ path, key, ts }: { path: string; key: string; ts: Date }): string {
  const time = formatTypeBTime(ts);
  return `/${time}/${typeBSignature(key, time, path)}${path}`;
}

export interface VerifyOptions {
  key: string;
  /** Empty or absent when there is no backup key. */
  backupKey?: string;
  /** Seconds a link stays valid after its time. */
  expireTime: number;
  now: Date;
  /** Type A only; default 'sign'. */
  signArg?: string;
}

export type UrlAuthResult = 'valid' | 'expired' | 'invalid';

export interface UrlAuthVerification {
  result: UrlAuthResult;
  /** The resource path to serve: the URL path without the signature parts; null when the URL is malformed. */
  path: string | null;
}

/** Accepts a path with query or a full URL: only the part from the path on is signed. */
function pathAndQuery(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  const rest = (m ? m[1]! : url).split('#')[0]!;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function keysOf(options: VerifyOptions): string[] {
  return [options.key, options.backupKey ?? ''].filter((key) => key !== '');
}

function expiredAt(tsSeconds: number, options: VerifyOptions): boolean {
  return options.now.getTime() > (tsSeconds + options.expireTime) * 1000;
}

export function verifyTypeA(url: string, options: VerifyOptions): UrlAuthVerification {
  const { path, query } = splitQuery(pathAndQuery(url));
  const signArg = options.signArg ?? 'sign';
  const param = query.split('&').find((pair) => pair.startsWith(`${signArg}=`));
  if (!param) return { result: 'invalid', path };
  let parts: string[];
  try {
    parts = decodeURIComponent(param.slice(signArg.length + 1)).split('-');
  } catch {
    // Malformed percent-encoding (a truncated %E0%A4%A) is a link nobody signed.
    return { result: 'invalid', path };
  }
  if (parts.length < 4) return { result: 'invalid', path };
  const [tsText = ''] = parts;
  const hash = parts[parts.length - 1]!;
  const uid = parts[parts.length - 2]!;
  const rand = parts.slice(1, -2).join('-');
  if (!/^\d{1,12}$/.test(tsText)) return { result: 'invalid', path };
  const ts = Number(tsText);
  const matches = keysOf(options).some((key) => typeASignature(path, ts, rand, uid, key) === hash.toLowerCase());
  if (!matches) return { result: 'invalid', path };
  return { result: expiredAt(ts, options) ? 'expired' : 'valid', path };
}

export function verifyTypeB(url: string, options: VerifyOptions): UrlAuthVerification {
  const { path: full } = splitQuery(pathAndQuery(url));
  const m = /^\/(\d{12})\/([0-9a-fA-F]{32})(\/.*)$/.exec(full);
  if (!m) return { result: 'invalid', path: null };
  const [, time = '', hash = '', path = ''] = m;
  const at = parseTypeBTime(time);
  if (!at) return { result: 'invalid', path };
  const matches = keysOf(options).some((key) => typeBSignature(key, time, path) === hash.toLowerCase());
  if (!matches) return { result: 'invalid', path };
  return { result: expiredAt(at.getTime() / 1000, options) ? 'expired' : 'valid', path };
}
