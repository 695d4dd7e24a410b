import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@edgeward/contract';
import type { Db } from '../db/connect';
import { translate } from '../http/i18n';
import type { JobRunner } from '../jobs/runner';

/*
 * What the sandboxes of outside services (payment gateway, face check) share: their asynchronous callbacks are JSON
 * bodies signed with HMAC-SHA256 under a secret shared with the server, posted until the server acknowledges.
 */

export const signatureHeader = 'x-sandbox-signature';

/** What a sandbox service (payment gateway, face check) is built from. */
export interface SandboxServiceOptions {
  db: Db;
  jobs: JobRunner;
  /** Shared by the sandbox and the server to sign and check its callbacks (PAYMENT_ / FACE_CHECK_SANDBOX_SECRET). */
  secret: string;
  /** Where the sandbox's page is reached from a phone or a browser: the console's public URL. */
  publicUrl: string;
  /** Production runs this sandbox on the operator's word: every page it serves says that its result is real. */
  live: boolean;
  now: () => Date;
  deliver?: NotificationDelivery;
}

/** HMAC-SHA256 of the exact body bytes with the shared secret, as `sha256=<hex>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Compares in constant time; any other header shape is refused. */
export function signatureMatches(secret: string, body: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Posts a callback; answers the HTTP status and body the server gave back. */
export type NotificationDelivery = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export const fetchDelivery: NotificationDelivery = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text() };
};

/** Parses a signed callback body: null when the signature, the JSON or its shape is wrong. */
export function readSignedBody<T>(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  parse: (json: unknown) => { success: true; data: T } | { success: false },
): T | null {
  if (!signatureMatches(secret, rawBody, headers[signatureHeader])) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = parse(json);
  return parsed.success ? parsed.data : null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export { escapeHtml };

/** The page shell of a sandbox's own pages (pay page, face check): phone-sized, the sandbox notice on top. */
export function sandboxPage(
  locale: Locale,
  texts: { title: string; notice: string; live: boolean },
  body: string,
  script?: string,
) {
  const title = escapeHtml(texts.title);
  const live = texts.live
    ? `<p class="live" id="sandbox-live">${escapeHtml(translate(locale, 'sandbox.live'))}</p>`
    : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.notice{background:#fffbe6;border:1px solid #ffe58f;padding:8px 12px;border-radius:6px}
.live{background:#fff1f0;border:1px solid #ffa39e;padding:8px 12px;border-radius:6px;font-weight:600}
.amount{font-size:32px;font-weight:600;margin:16px 0}button{font-size:16px;padding:10px 20px;margin:0 8px 8px 0}
video,img.capture{width:100%;max-width:320px;border-radius:8px;background:#000;display:block;margin:12px 0}
[hidden]{display:none!important}</style>
${script ? `<script src="${script}" defer></script>` : ''}</head><body><h1>${title}</h1>${live}<p class="notice">${escapeHtml(texts.notice)}</p>${body}</body></html>`;
}
