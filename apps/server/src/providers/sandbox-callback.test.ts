import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fetchDelivery,
  readSignedBody,
  sandboxPage,
  signatureHeader,
  signatureMatches,
  signBody,
} from './sandbox-callback';

const secret = 'a-shared-secret';
const body = '{"notifyId":"n1","amountFen":"1999"}';

describe('signatureMatches', () => {
  it('accepts the HMAC-SHA256 of the exact body under the secret', () => {
    expect(signBody(secret, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureMatches(secret, body, signBody(secret, body))).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['the header twice', [signBody(secret, body), signBody(secret, body)]],
    ['an empty header', ''],
    ['another secret', signBody('another-secret', body)],
    ['another body', signBody(secret, `${body} `)],
    ['the hex alone', signBody(secret, body).slice('sha256='.length)],
    ['one character more', `${signBody(secret, body)}0`],
    ['one character less', signBody(secret, body).slice(0, -1)],
  ])('refuses %s', (_, header) => {
    expect(signatureMatches(secret, body, header)).toBe(false);
  });
});

describe('readSignedBody', () => {
  const parse = (json: unknown) =>
    typeof json === 'object' && json !== null && 'notifyId' in json
      ? { success: true as const, data: json as { notifyId: string } }
      : { success: false as const };
  const signed = (text: string) => ({ [signatureHeader]: signBody(secret, text) });

  it('reads a signed body of the right shape', () => {
    expect(readSignedBody(secret, body, signed(body), parse)).toEqual({ notifyId: 'n1', amountFen: '1999' });
  });

  it('refuses a wrong signature, a body that is not JSON, and one of another shape, each signed otherwise right', () => {
    expect(readSignedBody(secret, body, {}, parse)).toBeNull();
    expect(readSignedBody(secret, body, { 'x-other-signature': signBody(secret, body) }, parse)).toBeNull();
    expect(readSignedBody(secret, '{"notifyId":', signed('{"notifyId":'), parse)).toBeNull();
    expect(readSignedBody(secret, '{"other":1}', signed('{"other":1}'), parse)).toBeNull();
  });
});

describe('sandbox pages', () => {
  it('escapes the five characters that change HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  const texts = { title: 'Pay <now>', notice: 'A "sandbox"', live: false };

  it('puts the escaped title and notice on the page, in its language, with the script when one is given', () => {
    const html = sandboxPage('zh-CN', texts, '<p id="body">x</p>', '/api/identity/sandbox/face.js');
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN">/);
    expect(html).toContain('<title>Pay &#60;now&#62;</title>');
    expect(html).toContain('<h1>Pay &#60;now&#62;</h1>');
    expect(html).toContain('<p class="notice">A &#34;sandbox&#34;</p><p id="body">x</p></body></html>');
    expect(html).toContain('<script src="/api/identity/sandbox/face.js" defer></script>');
    expect(html).not.toContain('sandbox-live');
    expect(sandboxPage('en-US', texts, '')).not.toContain('<script');
  });

  it('says on a page of a sandbox production runs that its result is real', () => {
    const html = sandboxPage('en-US', { ...texts, live: true }, '');
    expect(html).toMatch(/<p class="live" id="sandbox-live">[^<]*counts for real[^<]*<\/p><p class="notice">/);
  });
});

describe('fetchDelivery', () => {
  it('posts the body as JSON with the given headers, and answers the status and body it got back', async () => {
    const received: { method?: string; headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        received.push({ method: request.method, headers: request.headers, body: text });
        response.writeHead(202, { 'content-type': 'text/plain' }).end('noted');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetchDelivery(`http://127.0.0.1:${port}/api/payment/notify/sandbox`, body, {
        [signatureHeader]: 'sha256=00',
      });
      expect(answer).toEqual({ status: 202, body: 'noted' });
      expect(received).toEqual([
        {
          method: 'POST',
          headers: expect.objectContaining({ 'content-type': 'application/json', [signatureHeader]: 'sha256=00' }),
          body,
        },
      ]);
    } finally {
      server.close();
    }
  });
});
