import { z } from 'zod';
import { defineJob, handle } from '../../jobs/job';
import type { JobRunner } from '../../jobs/runner';
import {
  cnameFor,
  type EdgeCacheReportListener,
  type EdgeProvider,
  type EdgeReport,
  type EdgeReportListener,
} from './edge.provider';

export interface SandboxEdgeOptions {
  jobs: JobRunner;
  /** How long after a publish the sandbox reports back, as a real rollout would take a while. */
  delayMs: number;
  cnameZone: string;
  /**
   * Domain names the sandbox refuses to deploy, and URLs it fails to refresh or preheat, so that the abnormal and
   * failed states can be reached on purpose.
   */
  failPattern?: RegExp;
}

const target = { domainId: z.number().int().positive(), domainName: z.string().min(1) };
const applyJob = defineJob({
  kind: 'edge.sandbox.apply',
  payload: z.object({ ...target, version: z.number().int(), state: z.enum(['enabled', 'disabled']) }),
});
const removeJob = defineJob({ kind: 'edge.sandbox.remove', payload: z.object(target) });
const cacheJob = defineJob({
  kind: 'edge.sandbox.cache',
  payload: z.object({
    taskId: z.number().int().positive(),
    type: z.enum(['refreshUrl', 'refreshDir', 'preheat']),
    urls: z.array(z.string()),
  }),
});

/**
 * A stand-in edge that behaves like the real one from the outside: deployment is asynchronous (a durable job
 * after `delayMs`), it assigns the CNAME, it can fail, and it reports through the same listener. It keeps no
 * configuration: the snapshot's version and state are all it needs to answer, so the private key never lands in
 * the jobs table.
 */
export function createSandboxEdge(options: SandboxEdgeOptions): EdgeProvider {
  let listener: EdgeReportListener | undefined;
  let cacheListener: EdgeCacheReportListener | undefined;

  async function report(r: EdgeReport) {
    if (!listener) throw new Error('the sandbox edge has no report listener yet');
    await listener(r);
  }

  options.jobs.register(
    handle(applyJob, async ({ domainId, domainName, version, state }) => {
      if (state === 'enabled' && options.failPattern?.test(domainName)) {
        await report({
          kind: 'failed',
          domainId,
          domainName,
          version,
          reason: 'Sandbox edge: deployment refused (domain matches EDGE_SANDBOX_FAIL_PATTERN)',
        });
        return;
      }
      await report({
        kind: 'applied',
        domainId,
        domainName,
        version,
        state,
        cname: cnameFor(domainName, options.cnameZone),
      });
    }),
  );

  options.jobs.register(
    handle(removeJob, async ({ domainId, domainName }) => {
      await report({ kind: 'removed', domainId, domainName });
    }),
  );

  options.jobs.register(
    handle(cacheJob, async ({ taskId, urls }) => {
      if (!cacheListener) throw new Error('the sandbox edge has no cache report listener yet');
      await cacheListener({
        taskId,
        results: urls.map((url) =>
          options.failPattern?.test(url)
            ? { url, ok: false, reason: 'Sandbox edge: refused (URL matches EDGE_SANDBOX_FAIL_PATTERN)' }
            : { url, ok: true },
        ),
      });
    }),
  );

  return {
    name: 'sandbox',
    async apply(snapshot) {
      await options.jobs.enqueue(
        applyJob,
        {
          domainId: snapshot.domainId,
          domainName: snapshot.domainName,
          version: snapshot.version,
          state: snapshot.state,
        },
        { delayMs: options.delayMs },
      );
    },
    async remove(target) {
      await options.jobs.enqueue(removeJob, { ...target }, { delayMs: options.delayMs });
    },
    onReport(l) {
      listener = l;
    },
    async runCacheTask(task) {
      await options.jobs.enqueue(cacheJob, { ...task, urls: [...task.urls] }, { delayMs: options.delayMs });
    },
    onCacheReport(l) {
      cacheListener = l;
    },
  };
}
