import { describe, expect, it } from 'vitest';
import { parseLogLine } from './log-line';

const base = { time: 1_763_856_000.5, host: 'www.example.com', status: 200, bytes_sent: 10 };
const parse = (fields: object) => parseLogLine(JSON.stringify({ ...base, ...fields }));

describe('an access-log line', () => {
  it('reads nginx $msec, numbers written as text, and ISO 8601 times with their zone', () => {
    expect(parse({})).toMatchObject({ ok: true, line: { time: 1_763_856_000_500 } });
    expect(parse({ time: '1763856000.250', status: '404', bytes_sent: '7' })).toMatchObject({
      ok: true,
      line: { time: 1_763_856_000_250, status: 404, bytesSent: 7 },
    });
    expect(parse({ time: '2026-11-23T08:00:00+08:00' })).toMatchObject({ line: { time: Date.UTC(2026, 10, 23) } });
    expect(parse({ time: '2026-11-23T08:00:00' })).toEqual({ ok: false, problem: 'time missing or unreadable' });
  });

  it("normalizes the host and keeps the fields nginx may leave as '-' empty", () => {
    const parsed = parse({
      host: 'WWW.Example.com.:8443',
      referer: '-',
      upstream_time: '0.010, 0.020',
      cache_status: 'hit',
      url: '/a?sig=secret',
      user_agent: 'x\u0000y',
    });
    expect(parsed).toMatchObject({
      ok: true,
      line: { host: 'www.example.com', referer: '', cacheStatus: 'HIT', path: '/a', userAgent: 'xy' },
    });
    expect(parsed.ok && parsed.line.upstreamTime).toBeCloseTo(0.03);
  });

  it('counts a line for the serving domain the edge names, whatever host the visitor asked for', () => {
    const cname = { host: 'www.example.com.cdn.edgeward.net' };
    expect(parse({ ...cname, domain: 'www.example.com' })).toMatchObject({ line: { host: 'www.example.com' } });
    expect(parse({ ...cname, domain: '*.Example.com' })).toMatchObject({ line: { host: '*.example.com' } });
    // Lines of an edge that does not log the domain, or logs none for the request, count for their host.
    expect(parse(cname)).toMatchObject({ line: { host: 'www.example.com.cdn.edgeward.net' } });
    expect(parse({ ...cname, domain: '' })).toMatchObject({ line: { host: 'www.example.com.cdn.edgeward.net' } });
    expect(parse({ ...cname, domain: '-' })).toMatchObject({ line: { host: 'www.example.com.cdn.edgeward.net' } });
  });

  it('refuses what is not a record', () => {
    expect(parseLogLine('[1,2]')).toEqual({ ok: false, problem: 'not a JSON object' });
    expect(parse({ host: '' })).toEqual({ ok: false, problem: 'host missing' });
    expect(parse({ bytes_sent: -1 })).toEqual({ ok: false, problem: 'bytes_sent missing or not a count' });
    expect(parse({ client_ip: 'not-an-ip' })).toEqual({ ok: false, problem: 'client_ip is not an IP address' });
  });
});
