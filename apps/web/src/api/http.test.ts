import { describe, expect, it } from 'vitest';
import { buildUrl, decideAnswer, decideThrown, encodeBody, fileNameFromDisposition, isEnvelope } from './http';

const answer = (status: number, body: unknown, extra: { hadToken?: boolean; silent?: boolean } = {}) =>
  decideAnswer({ status, body, hadToken: extra.hadToken ?? true, silent: extra.silent ?? false });

const envelope = (code: number, message: string, more: Record<string, unknown> = {}) => ({
  code,
  message,
  data: null,
  ...more,
});

describe('decideAnswer: envelope', () => {
  it('unwraps the data of code 200', () => {
    expect(answer(200, { code: 200, message: 'Success', data: { id: 1 } })).toEqual({ ok: true, data: { id: 1 } });
    expect(answer(200, { code: 200, message: 'Success', data: null })).toEqual({ ok: true, data: null });
  });

  it('shows the server message of any other code, keeps error id and fields', () => {
    const decision = answer(400, envelope(400, 'Please check', { error: 'VALIDATION_FAILED', fields: { a: 'x' } }));
    expect(decision).toEqual({
      ok: false,
      failure: {
        status: 400,
        code: 400,
        error: 'VALIDATION_FAILED',
        message: { raw: 'Please check' },
        fields: { a: 'x' },
        feedback: { type: 'message', text: { raw: 'Please check' } },
      },
    });
  });

  it('treats a non-200 code inside an HTTP 200 answer as a failure too', () => {
    const decision = answer(200, envelope(409, 'Taken', { error: 'USERNAME_TAKEN' }));
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.failure.feedback).toEqual({ type: 'message', text: { raw: 'Taken' } });
  });

  it('stays quiet for silent calls but still fails', () => {
    const decision = answer(404, envelope(404, 'Not found', { error: 'NOT_FOUND' }), { silent: true });
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      expect(decision.failure.feedback).toBeUndefined();
      expect(decision.failure.error).toBe('NOT_FOUND');
    }
  });

  it('code 401 logs out and goes to login with "Please log in first", even on silent calls', () => {
    for (const silent of [false, true]) {
      const decision = answer(401, envelope(401, 'Your session has expired', { error: 'SESSION_EXPIRED' }), { silent });
      expect(decision).toEqual({
        ok: false,
        failure: {
          status: 401,
          code: 401,
          error: 'SESSION_EXPIRED',
          message: { key: 'request.loginFirst' },
          feedback: { type: 'message', text: { key: 'request.loginFirst' } },
          session: 'login',
        },
      });
    }
  });

  it('HTTP 403 is the "Forbidden" notification with the server message', () => {
    const decision = answer(403, envelope(403, 'You do not have permission to do this', { error: 'FORBIDDEN' }));
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      expect(decision.failure.feedback).toEqual({
        type: 'notification',
        title: { key: 'request.forbidden' },
        description: { raw: 'You do not have permission to do this' },
      });
      expect(decision.failure.session).toBeUndefined();
    }
  });
});

describe('decideAnswer: no envelope', () => {
  it('HTTP 401 notifies "Unauthorized" and reloads only when a token was sent', () => {
    const withToken = answer(401, '<html>401</html>', { hadToken: true });
    expect(withToken).toEqual({
      ok: false,
      failure: {
        status: 401,
        code: 401,
        error: 'UNAUTHORIZED',
        message: { key: 'request.unauthorizedDescription' },
        feedback: {
          type: 'notification',
          title: { key: 'request.unauthorized' },
          description: { key: 'request.unauthorizedDescription' },
        },
        session: 'reload',
      },
    });
    const anonymous = answer(401, '', { hadToken: false });
    expect(anonymous.ok).toBe(false);
    if (!anonymous.ok) expect(anonymous.failure.session).toBeUndefined();
  });

  it('HTTP 403 without a body still notifies "Forbidden"', () => {
    const decision = answer(403, undefined);
    expect(decision.ok === false && decision.failure.feedback).toEqual({
      type: 'notification',
      title: { key: 'request.forbidden' },
      description: { key: 'errors.FORBIDDEN' },
    });
  });

  it('other status failures are "System API exception"', () => {
    for (const status of [500, 502, 404]) {
      const decision = answer(status, '<html>Bad Gateway</html>');
      expect(decision).toEqual({
        ok: false,
        failure: {
          status,
          code: status,
          error: 'SYSTEM_ERROR',
          message: { key: 'request.systemError' },
          feedback: { type: 'message', text: { key: 'request.systemError' } },
        },
      });
    }
  });

  it('a 200 answer that is not an envelope is a system exception, not data', () => {
    const decision = answer(200, '<!doctype html>');
    expect(decision.ok === false && decision.failure.error).toBe('SYSTEM_ERROR');
  });

  it('an answer speaking of a timeout (or 504/408) is "API request timed out"', () => {
    for (const [status, body] of [
      [502, 'upstream Timeout'],
      [504, ''],
      [408, undefined],
    ] as const) {
      const decision = answer(status, body);
      expect(decision.ok === false && decision.failure.feedback).toEqual({
        type: 'message',
        text: { key: 'request.timeout' },
      });
    }
  });
});

describe('decideThrown', () => {
  it('a network failure is "Network error"', () => {
    const failure = decideThrown({
      error: new TypeError('Failed to fetch'),
      timedOut: false,
      cancelled: false,
      silent: false,
    });
    expect(failure).toEqual({
      status: 0,
      code: 0,
      error: 'NETWORK_ERROR',
      message: { key: 'request.networkError' },
      feedback: { type: 'message', text: { key: 'request.networkError' } },
    });
  });

  it('our own timer, or any message mentioning timeout, is "API request timed out"', () => {
    const ours = decideThrown({
      error: new DOMException('aborted', 'AbortError'),
      timedOut: true,
      cancelled: false,
      silent: false,
    });
    expect(ours.error).toBe('TIMEOUT');
    expect(ours.feedback).toEqual({ type: 'message', text: { key: 'request.timeout' } });
    const theirs = decideThrown({
      error: new Error('timeout of 20000ms exceeded'),
      timedOut: false,
      cancelled: false,
      silent: false,
    });
    expect(theirs.error).toBe('TIMEOUT');
  });

  it('a cancelled call says nothing', () => {
    const failure = decideThrown({
      error: new DOMException('aborted', 'AbortError'),
      timedOut: false,
      cancelled: true,
      silent: false,
    });
    expect(failure.error).toBe('ABORTED');
    expect(failure.feedback).toBeUndefined();
  });

  it('silent calls say nothing', () => {
    expect(
      decideThrown({ error: new TypeError('x'), timedOut: false, cancelled: false, silent: true }).feedback,
    ).toBeUndefined();
  });
});

describe('request pieces', () => {
  it('recognizes the envelope', () => {
    expect(isEnvelope({ code: 200, message: 'ok', data: null })).toBe(true);
    expect(isEnvelope({ code: 200, message: 'ok' })).toBe(false);
    expect(isEnvelope('text')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });

  it('builds /api URLs with search params, leaving out empty values', () => {
    expect(buildUrl('/user/profile')).toBe('/api/user/profile');
    expect(buildUrl('/log/login', { page: 2, size: 20 })).toBe('/api/log/login?page=2&size=20');
    expect(buildUrl('/domain/list', { name: '', status: undefined, tags: ['a', 'b'], q: 'x y' })).toBe(
      '/api/domain/list?tags=a&tags=b&q=x+y',
    );
    expect(buildUrl('/x', {})).toBe('/api/x');
  });

  it('encodes bodies as the spec says', () => {
    expect(encodeBody(undefined)).toEqual({});
    expect(encodeBody({ a: 1 })).toEqual({ body: '{"a":1}', contentType: 'application/json' });
    expect(encodeBody([1, 2])).toEqual({ body: '[1,2]', contentType: 'application/json' });
    expect(encodeBody('example.com')).toEqual({ body: 'example.com', contentType: 'text/plain;charset=UTF-8' });
    expect(encodeBody(42)).toEqual({ body: '42', contentType: 'text/plain;charset=UTF-8' });
    const form = new FormData();
    expect(encodeBody(form)).toEqual({ body: form });
  });

  it('reads the file name of a download', () => {
    expect(fileNameFromDisposition('attachment; filename="domains.csv"')).toBe('domains.csv');
    expect(fileNameFromDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'%E5%9F%9F%E5%90%8D.csv')).toBe(
      '域名.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(null)).toBe('download');
    expect(fileNameFromDisposition('inline', 'file.bin')).toBe('file.bin');
  });
});
