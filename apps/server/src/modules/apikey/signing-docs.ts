import { apiKeyScheme, limits, sha256, signRequest, stringToSign } from '@edgeward/contract';

/** The worked example's inputs; docs/api.md repeats them, and the tests check both against the contract's signer. */
export const workedExample = {
  secretId: 'EWAKEXAMPLEEXAMPLE0001',
  secretKey: 'dGhpcyBpcyBub3QgYSByZWFsIHNlY3JldCBrZXk',
  method: 'POST',
  url: '/api/preheat/tasks',
  body: '{"type":"refreshUrl","urls":["http://www.example.com/app.css"]}',
  timestamp: 1_767_225_600,
  nonce: 'b3f1c2d4e5',
} as const;

/**
 * The API-key scheme as /api/docs describes it, with a worked example computed by the one signer (so the text
 * cannot drift from the code).
 */
export function signingDocs(): string {
  const e = workedExample;
  const contentSha256 = sha256(e.body);
  const [path, query = ''] = e.url.split('?') as [string, string?];
  const toSign = stringToSign({
    method: e.method,
    path,
    query,
    timestamp: e.timestamp,
    nonce: e.nonce,
    contentSha256,
  });
  const header = signRequest(e);
  return [
    `Calls marked with **apiKey** may be signed with an API key (key list, /key) instead of a session token. The call is made as the key's user, with the same permissions; a read-only key may only make GET calls. Signing out, the password, the key list and two-factor sign-in need a session.`,
    '',
    '```',
    `Authorization: ${apiKeyScheme} SecretId=<SecretId>, Timestamp=<unix seconds>, Nonce=<8-64 of A-Z a-z 0-9 _ ->,`,
    '               ContentSha256=<hex SHA-256 of the body bytes>, Signature=<hex HMAC-SHA256>',
    '```',
    '',
    'Signature = hex(HMAC-SHA256(SecretKey, StringToSign)), where StringToSign is these lines joined by `\\n`:',
    `\`${apiKeyScheme}\`, the method in capitals, the path as sent (\`/api/...\`), the canonical query (each name and value percent-decoded, \`+\` as space, then encoded per RFC 3986 with upper-case hex; pairs sorted by name then value; joined by \`&\`; empty without a query), the timestamp, the nonce, and ContentSha256 (the SHA-256 of an empty body when there is none).`,
    '',
    `Refused with 401: an unknown SecretId (API_KEY_INVALID), a signature that does not match (SIGNATURE_INVALID), a disabled key (API_KEY_DISABLED), a timestamp more than ${limits.apiKey.timestampSkewMs / 60_000} minutes from the server's clock (SIGNATURE_EXPIRED), a nonce the key already used (NONCE_REUSED), a body whose SHA-256 is not ContentSha256 (BODY_HASH_MISMATCH). With 403: a read-only key on a call other than GET (API_KEY_READ_ONLY), a session-only call (SESSION_REQUIRED).`,
    '',
    `**Worked example.** SecretId \`${e.secretId}\`, SecretKey \`${e.secretKey}\`, \`${e.method} ${e.url}\` with the body \`${e.body}\`, timestamp ${e.timestamp}, nonce \`${e.nonce}\`:`,
    '',
    '```',
    toSign,
    '```',
    '',
    '```',
    `Authorization: ${header}`,
    '```',
    '',
    "The repository's `scripts/signed-curl.sh` signs a call with openssl and sends it with curl.",
  ].join('\n');
}
