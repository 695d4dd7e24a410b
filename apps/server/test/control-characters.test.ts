import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestUser, type TestUser } from './fixtures/users';
import { createTestContext, dbKinds, TEST_CAPTCHA, type TestContext } from './helpers';

const en = 'Control characters (such as NUL or line breaks) are not allowed';
const zh = '不能包含控制字符（如 NUL 或换行）';

describe.each(dbKinds)('control characters in input on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  const logLines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
  });
  afterAll(() => ctx.close());

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: object; query?: Record<string, string>; auth?: boolean; lang?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url,
      query: options.query,
      payload: options.body,
      headers: { ...(options.auth ? user.headers : {}), 'accept-language': options.lang ?? 'en-US' },
    });
    return { status: res.statusCode, body: res.json() };
  }

  const inputs: { name: string; field: string; run: (nul: string, lang?: string) => ReturnType<typeof call> }[] = [
    {
      name: 'login userName',
      field: 'userName',
      run: (v, lang) => call('POST', '/api/user/login', { body: { userName: `demo${v}`, password: 'x' }, lang }),
    },
    {
      name: 'login captchaId',
      field: 'captchaId',
      run: (v, lang) =>
        call('POST', '/api/user/login', {
          body: { userName: 'demo', password: 'x', captchaId: v, captchaCode: 'abcd' },
          lang,
        }),
    },
    {
      name: 'domain list search',
      field: 'domainName',
      run: (v, lang) => call('GET', '/api/domain/list', { query: { domainName: v }, auth: true, lang }),
    },
    {
      name: 'domain export search',
      field: 'domainName',
      run: (v, lang) => call('GET', '/api/domain/export', { query: { domainName: v }, auth: true, lang }),
    },
    {
      name: 'forgot-password captchaId',
      field: 'captchaId',
      run: (v, lang) =>
        call('POST', '/api/user/forgot_password', {
          body: { email: 'a@example.com', captchaId: `x${v}`, captchaCode: TEST_CAPTCHA },
          lang,
        }),
    },
    {
      name: 'email-code captchaId',
      field: 'captchaId',
      run: (v, lang) =>
        call('GET', '/api/user/email_code', {
          query: { email: 'a@example.com', purpose: 'register', captchaId: `x${v}`, captchaCode: TEST_CAPTCHA },
          lang,
        }),
    },
    {
      name: 'reset-password token',
      field: 'token',
      run: (v, lang) =>
        call('POST', '/api/user/reset_password', {
          body: { token: `t${v}`, password: 'secret-123', confirmPassword: 'secret-123' },
          lang,
        }),
    },
    {
      name: 'new domain name',
      field: 'domainName',
      run: (v, lang) =>
        call('POST', '/api/domain/create', {
          body: { domainName: `a${v}.example.com`, type: 'web', origin: { originType: 'ip', ipOrDomain: ['1.2.3.4'] } },
          auth: true,
          lang,
        }),
    },
  ];

  it.each(inputs)('refuses NUL in the $name with a field message, in both languages', async ({ field, run }) => {
    const res = await run('\u0000');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', message: en, fields: { [field]: en } });
    const zhRes = await run('\u0000', 'zh-CN');
    expect(zhRes.body.fields).toEqual({ [field]: zh });
  });

  it.each(['\u0001', '\u001b[31m', '\t', '\n', '\u007f'])(
    'refuses other control characters (%j) in one-line text',
    async (c) => {
      const res = await call('POST', '/api/user/login', { body: { userName: `de${c}mo`, password: 'x' } });
      expect(res.body.fields).toEqual({ userName: en });
    },
  );

  it('refuses NUL in a path parameter', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/simulation/abc%00def' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { token: en } });
  });

  it('answers text the database cannot store with 400, logging no error and no SQL', async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'info', stream: sink } });
    try {
      // Headers are not schema-checked; the browser's name is stored with the login attempt.
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'user-agent': 'agent\u0000' },
        payload: { userName: 'nobody-here', password: 'whatever' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: 'BAD_REQUEST', data: null });
    } finally {
      await app.close();
    }
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logLines.join('')).not.toMatch(/insert into|Failed query/i);
  });
});
