import { hmacSha256, sha256 } from './sha256';

/**
 * Signed API calls with an API key (SecretId + SecretKey). The caller sends
 *
 *   Authorization: EW1-HMAC-SHA256 SecretId=<id>, Timestamp=<unix s>, Nonce=<8-64 of A-Za-z0-9_->,
 *                  ContentSha256=<hex SHA-256 of the body>, Signature=<hex HMAC-SHA256>
 *
 * where Signature = HMAC-SHA256(SecretKey, stringToSign) over the lines of `stringToSign` below. The body's hash is
 * in the header so the server checks the signature before reading the body, and then the body against the hash.
 * One implementation for the browser, the tests, the server's check and the worked example in docs/api.md.
 */
export const apiKeyScheme = 'EW1-HMAC-SHA256';

export interface SignatureParts {
  method: string;
  /** The path as sent, before `?` (`/api/domain/list`). */
  path: string;
  /** The raw query string, without `?` (order and encoding of the caller's choice; it is canonicalized). */
  query: string;
  /** Unix seconds. */
  timestamp: number;
  nonce: string;
  /** Hex SHA-256 of the body's bytes (of nothing when there is no body). */
  contentSha256: string;
}

/** RFC 3986 unreserved characters stay, everything else is %XX with upper-case hex. */
function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeQueryPart(value: string): string {
  const spaced = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The query as signed: each name and value decoded (`+` is a space) and encoded again strictly, pairs sorted by
 * name then value, joined with `&`; a name without `=` has an empty value. So `b=2&a=x y` and `a=x%20y&b=2` sign
 * alike, whatever encoding the caller's HTTP library chose.
 */
export function canonicalQuery(query: string): string {
  const pairs = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      return [strictEncode(decodeQueryPart(name)), strictEncode(decodeQueryPart(value))] as const;
    });
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

export function stringToSign(parts: SignatureParts): string {
  return [
    apiKeyScheme,
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    String(parts.timestamp),
    parts.nonce,
    parts.contentSha256.toLowerCase(),
  ].join('\n');
}

export function requestSignature(secretKey: string, parts: SignatureParts): string {
  return hmacSha256(secretKey, stringToSign(parts));
}

export interface SignRequestInput {
  secretId: string;
  secretKey: string;
  method: string;
  /** Path and query as sent: `/api/domain/list?page=1`. */
  url: string;
  body?: string | Uint8Array;
  timestamp: number;
  nonce: string;
}

/** The Authorization header of a signed call. */
export function signRequest(input: SignRequestInput): string {
  const mark = input.url.indexOf('?');
  const parts: SignatureParts = {
    method: input.method,
    path: mark < 0 ? input.url : input.url.slice(0, mark),
    query: mark < 0 ? '' : input.url.slice(mark + 1),
    timestamp: input.timestamp,
    nonce: input.nonce,
    contentSha256: sha256(input.body ?? ''),
  };
  const signature = requestSignature(input.secretKey, parts);
  return `${apiKeyScheme} SecretId=${input.secretId}, Timestamp=${parts.timestamp}, Nonce=${parts.nonce}, ContentSha256=${parts.contentSha256}, Signature=${signature}`;
}

export interface ApiKeyAuthorization {
  secretId: string;
  timestamp: number;
  nonce: string;
  contentSha256: string;
  signature: string;
}

/** True when an Authorization header uses the API-key scheme (and not a session token). */
export function isApiKeyAuthorization(header: string): boolean {
  return header.startsWith(`${apiKeyScheme} `);
}

/** The header's fields, or null when one is missing or malformed. */
export function parseApiKeyAuthorization(header: string): ApiKeyAuthorization | null {
  if (!isApiKeyAuthorization(header)) return null;
  const fields = new Map<string, string>();
  for (const item of header.slice(apiKeyScheme.length + 1).split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) return null;
    const name = item.slice(0, eq).trim();
    if (fields.has(name)) return null;
    fields.set(name, item.slice(eq + 1).trim());
  }
  const secretId = fields.get('SecretId') ?? '';
  const timestamp = fields.get('Timestamp') ?? '';
  const nonce = fields.get('Nonce') ?? '';
  const contentSha256 = (fields.get('ContentSha256') ?? '').toLowerCase();
  const signature = (fields.get('Signature') ?? '').toLowerCase();
  if (
    !/^[A-Za-z0-9]{8,64}$/.test(secretId) ||
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(nonce) ||
    !/^[0-9a-f]{64}$/.test(contentSha256) ||
    !/^[0-9a-f]{64}$/.test(signature)
  ) {
    return null;
  }
  return { secretId, timestamp: Number(timestamp), nonce, contentSha256, signature };
}
