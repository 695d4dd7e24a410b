import { describe, expect, it } from 'vitest';
import {
  EdgeCacheReportBodySchema,
  EdgeCacheTaskSchema,
  EdgeFeedQuerySchema,
  EdgeFeedSchema,
  EdgeRegisterBodySchema,
  EdgeRegistrationSchema,
  EdgeReportSchema,
  EdgeReportsBodySchema,
  edgeAgentRoutes,
} from './protocol';

/*
 * The calls between the console and its edge agents. Agents already deployed keep calling the paths they were built
 * with, so the methods and paths are fixed; each limit is checked at its last accepted and first refused value.
 */

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('the edge agent routes', () => {
  it('keep the methods and paths deployed agents call, authenticated by the node credential (no user session)', () => {
    const wire = Object.fromEntries(
      Object.entries(edgeAgentRoutes).map(([name, route]) => [name, `${route.method} ${route.path} ${route.auth}`]),
    );
    expect(wire).toEqual({
      register: 'POST /edge/agent/register none',
      feed: 'GET /edge/agent/feed none',
      reports: 'POST /edge/agent/reports none',
      cacheReport: 'POST /edge/agent/cache-reports none',
    });
    // The API reference groups them under the edge and describes each.
    for (const route of Object.values(edgeAgentRoutes)) {
      expect(route.tag).toBe('edge');
      expect(route.summary).toMatch(/^[A-Z].{20,}/);
    }
  });

  it('carry what each call sends and answers', () => {
    const { register, feed, reports, cacheReport } = edgeAgentRoutes;
    expect(register.body).toBe(EdgeRegisterBodySchema);
    expect(register.data).toBe(EdgeRegistrationSchema);
    expect(feed.query).toBe(EdgeFeedQuerySchema);
    expect(feed.data).toBe(EdgeFeedSchema);
    expect(reports.body).toBe(EdgeReportsBodySchema);
    expect(reports.data.parse({ accepted: 3 })).toEqual({ accepted: 3 });
    expect(accepts(reports.data, { accepted: 1.5 })).toBe(false);
    expect(cacheReport.body).toBe(EdgeCacheReportBodySchema);
    expect(cacheReport.data.parse({ recorded: true })).toEqual({ recorded: true });
    expect(accepts(cacheReport.data, { recorded: 'yes' })).toBe(false);
  });
});

describe('the registration', () => {
  const body = { hostname: 'edge-1', agentVersion: '1.0.0' };

  it('defaults an unknown nginx version to empty', () => {
    expect(EdgeRegisterBodySchema.parse(body)).toEqual({ ...body, nginxVersion: '' });
  });

  it.each([
    ['hostname', 1, 255],
    ['agentVersion', 1, 64],
    ['nginxVersion', 0, 64],
  ])('takes a %s of %i to %i characters', (field, shortest, longest) => {
    const withLength = (length: number) => ({ ...body, [field]: 'x'.repeat(length) });
    expect(accepts(EdgeRegisterBodySchema, withLength(longest))).toBe(true);
    expect(accepts(EdgeRegisterBodySchema, withLength(longest + 1))).toBe(false);
    expect(accepts(EdgeRegisterBodySchema, withLength(shortest))).toBe(true);
    if (shortest > 0) expect(accepts(EdgeRegisterBodySchema, withLength(shortest - 1))).toBe(false);
  });

  it('answers whole positive periods', () => {
    const registration = { node: 'edge-1', resyncSeconds: 1, longPollSeconds: 1 };
    expect(accepts(EdgeRegistrationSchema, registration)).toBe(true);
    for (const field of ['resyncSeconds', 'longPollSeconds']) {
      expect(accepts(EdgeRegistrationSchema, { ...registration, [field]: 0 })).toBe(false);
      expect(accepts(EdgeRegistrationSchema, { ...registration, [field]: 1.5 })).toBe(false);
    }
  });
});

describe('the feed query', () => {
  it('asks for everything at once by default, and reads its numbers from the query string', () => {
    expect(EdgeFeedQuerySchema.parse({})).toEqual({ since: 0, waitSeconds: 0 });
    expect(EdgeFeedQuerySchema.parse({ since: '7', tasksSince: '0', waitSeconds: '60' })).toEqual({
      since: 7,
      tasksSince: 0,
      waitSeconds: 60,
    });
  });

  it.each([
    ['since', -1],
    ['tasksSince', -1],
    ['waitSeconds', -1],
    ['waitSeconds', 61],
    ['since', 1.5],
  ])('refuses %s=%s', (field, value) => {
    expect(accepts(EdgeFeedQuerySchema, { [field]: String(value) })).toBe(false);
  });
});

describe('the feed', () => {
  const task = { taskId: 1, type: 'preheat', urls: ['http://a.test/x'] };
  const feed = { cursor: 0, full: true, snapshots: [], tasksCursor: 0, tasks: [task] };

  it('takes cursors from 0 and tasks numbered from 1', () => {
    expect(accepts(EdgeFeedSchema, feed)).toBe(true);
    expect(accepts(EdgeFeedSchema, { ...feed, cursor: -1 })).toBe(false);
    expect(accepts(EdgeFeedSchema, { ...feed, tasksCursor: -1 })).toBe(false);
    expect(accepts(EdgeCacheTaskSchema, { ...task, taskId: 0 })).toBe(false);
    expect(accepts(EdgeCacheTaskSchema, { ...task, taskId: 1.5 })).toBe(false);
  });

  it.each(['refreshUrl', 'refreshDir', 'preheat'])('carries a %s task', (type) => {
    expect(EdgeCacheTaskSchema.parse({ ...task, type }).type).toBe(type);
  });

  it('refuses a task of another type', () => {
    expect(accepts(EdgeCacheTaskSchema, { ...task, type: 'purgeAll' })).toBe(false);
  });
});

describe('the reports', () => {
  const report = { domainId: 1, version: 1, result: 'failed' };

  it.each(['applied', 'failed', 'removed'])('takes the result %s', (result) => {
    expect(accepts(EdgeReportSchema, { ...report, result })).toBe(true);
  });

  it('refuses another result, a domain or version below 1, and a reason over 2000 characters', () => {
    expect(accepts(EdgeReportSchema, { ...report, result: 'pending' })).toBe(false);
    expect(accepts(EdgeReportSchema, { ...report, domainId: 0 })).toBe(false);
    expect(accepts(EdgeReportSchema, { ...report, version: 0 })).toBe(false);
    expect(accepts(EdgeReportSchema, { ...report, reason: 'x'.repeat(2000) })).toBe(true);
    expect(accepts(EdgeReportSchema, { ...report, reason: 'x'.repeat(2001) })).toBe(false);
  });

  it('takes 1 to 20 000 reports in a call', () => {
    const reports = (count: number) => ({ reports: Array.from({ length: count }, () => report) });
    expect(accepts(EdgeReportsBodySchema, reports(0))).toBe(false);
    expect(accepts(EdgeReportsBodySchema, reports(1))).toBe(true);
    expect(accepts(EdgeReportsBodySchema, reports(20_000))).toBe(true);
    expect(accepts(EdgeReportsBodySchema, reports(20_001))).toBe(false);
  });

  it("takes a cache task's per-URL reason up to 500 characters, for a task numbered from 1", () => {
    const body = (reason: string, taskId = 1) => ({
      taskId,
      results: [{ url: 'http://a.test/x', ok: false, reason }],
    });
    expect(accepts(EdgeCacheReportBodySchema, body('x'.repeat(500)))).toBe(true);
    expect(accepts(EdgeCacheReportBodySchema, body('x'.repeat(501)))).toBe(false);
    expect(accepts(EdgeCacheReportBodySchema, body('timeout', 0))).toBe(false);
  });
});
