/*
 * URL authentication at the edge: the sidecar nginx's one location (`js_content edgeward.check`, see
 * packages/edge-config/src/auth.ts) under njs 0.7.9; also imported by Node in the tests, which check it against the
 * contract's signers in packages/contract/src/crypto/url-auth.ts, whose rules this follows. ES that njs 0.7 runs:
 * no destructuring, no classes, no spread.
 *
 * The main nginx's auth_request subrequest describes the request in headers (AUTH_HEADERS in auth.ts): the request
 * as the client sent it ($request_uri: the signatures cover the path not percent-decoded), the type (a or b), the
 * key, the backup key (may be empty), the expiry in seconds and type A's argument. The answer is 204 for a valid
 * signature, 403 for an invalid or expired one.
 */
// biome-ignore lint/style/useNodejsImportProtocol: njs knows the module as 'crypto' only
import crypto from 'crypto';

const UTC8_MS = 8 * 3600 * 1000;

function md5(text) {
  return crypto.createHash('md5').update(text).digest('hex');
}

function splitQuery(uri) {
  const at = uri.indexOf('?');
  return at < 0 ? { path: uri, query: '' } : { path: uri.slice(0, at), query: uri.slice(at + 1) };
}

/** Either key (primary or backup) signs; an empty backup key is no key. */
function signedBy(options, signature, hash) {
  const wanted = hash.toLowerCase();
  return [options.key, options.backupKey].some((key) => key !== '' && signature(key) === wanted);
}

function outcome(tsSeconds, options, nowMs) {
  return nowMs > (tsSeconds + options.expire) * 1000 ? 'expired' : 'valid';
}

/** <path>?<signArg>=<ts>-<rand>-<uid>-<md5("<path>-<ts>-<rand>-<uid>-<key>")>; rand may itself contain '-'. */
function verifyTypeA(uri, options, nowMs) {
  const parts = splitQuery(uri);
  const name = `${options.signArg}=`;
  const param = parts.query.split('&').find((pair) => pair.indexOf(name) === 0);
  if (param === undefined) return 'invalid';
  let fields;
  try {
    fields = decodeURIComponent(param.slice(name.length)).split('-');
  } catch (_malformed) {
    return 'invalid';
  }
  if (fields.length < 4 || !/^\d{1,12}$/.test(fields[0])) return 'invalid';
  const ts = Number(fields[0]);
  const uid = fields[fields.length - 2];
  const rand = fields.slice(1, -2).join('-');
  const sign = (key) => md5(`${parts.path}-${ts}-${rand}-${uid}-${key}`);
  return signedBy(options, sign, fields[fields.length - 1]) ? outcome(ts, options, nowMs) : 'invalid';
}

function two(n) {
  return n < 10 ? `0${n}` : `${n}`;
}

/** The instant (ms) of a YYYYMMDDHHmm time on a UTC+8 clock, or null when it is not a real date and time. */
function parseTypeBTime(text) {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const t = new Date(local);
  const again = `${t.getUTCFullYear()}${two(t.getUTCMonth() + 1)}${two(t.getUTCDate())}${two(t.getUTCHours())}${two(t.getUTCMinutes())}`;
  return again === text ? local - UTC8_MS : null;
}

/** /<YYYYMMDDHHmm, UTC+8>/<md5(key + time + path)><path>. */
function verifyTypeB(uri, options, nowMs) {
  const m = /^\/(\d{12})\/([0-9a-fA-F]{32})(\/.*)$/.exec(splitQuery(uri).path);
  if (!m) return 'invalid';
  const at = parseTypeBTime(m[1]);
  if (at === null) return 'invalid';
  const sign = (key) => md5(key + m[1] + m[3]);
  return signedBy(options, sign, m[2]) ? outcome(at / 1000, options, nowMs) : 'invalid';
}

/** uri: the path and query as sent; options: { type: 'a' | 'b', key, backupKey, expire, signArg }. */
function verify(uri, options, nowMs) {
  return options.type === 'b' ? verifyTypeB(uri, options, nowMs) : verifyTypeA(uri, options, nowMs);
}

function header(r, name) {
  const value = r.headersIn[name];
  return value === undefined ? '' : value;
}

/** The options of a check from the subrequest's headers. */
function optionsOf(r) {
  return {
    type: header(r, 'X-Edgeward-Auth-Type') === 'b' ? 'b' : 'a',
    key: header(r, 'X-Edgeward-Auth-Key'),
    backupKey: header(r, 'X-Edgeward-Auth-Backup'),
    expire: Number(header(r, 'X-Edgeward-Auth-Expire')) || 0,
    signArg: header(r, 'X-Edgeward-Auth-Arg') || 'sign',
  };
}

/** js_content: 204 when the described request is validly signed and not expired, 403 otherwise. */
function check(r) {
  const result = verify(header(r, 'X-Edgeward-Uri'), optionsOf(r), Date.now());
  r.return(result === 'valid' ? 204 : 403);
}

export default { check, verify };
