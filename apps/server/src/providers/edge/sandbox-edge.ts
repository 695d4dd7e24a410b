import type { JobRunner } from '../../jobs/runner';
import { cnameFor, type EdgeProvider, type EdgeReport, type EdgeReportListener, type EdgeState } from './edge.provider';

export interface SandboxEdgeOptions {
  jobs: JobRunner;
  /** How long after a publish the sandbox reports back, as a real rollout would take a while. */
  delayMs: number;
  cnameZone: string;
  /** Domain names the sandbox refuses to deploy, so that the abnormal state can be reached on purpose. */
  failPattern?: RegExp;
}

const applyKind = 'edge.sandbox.apply';
const removeKind = 'edge.sandbox.remove';

/**
 * A stand-in edge that behaves like the real one from the outside: deployment is asynchronous (a durable job
 * after `delayMs`), it assigns the CNAME, it can fail, and it reports through the same listener. It keeps no
 * configuration: the snapshot's version and state are all it needs to answer, so the private key never lands in
 * the jobs table.
 */
export function createSandboxEdge(options: SandboxEdgeOptions): EdgeProvider {
  let listener: EdgeReportListener | undefined;

  async function report(r: EdgeReport) {
    if (!listener) throw new Error('the sandbox edge has no report listener yet');
    await listener(r);
  }

  options.jobs.handle(applyKind, async (payload) => {
    const domainId = Number(payload.domainId);
    const domainName = String(payload.domainName);
    const version = Number(payload.version);
    const state = payload.state as EdgeState;
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
  });

  options.jobs.handle(removeKind, async (payload) => {
    await report({ kind: 'removed', domainId: Number(payload.domainId), domainName: String(payload.domainName) });
  });

  return {
    name: 'sandbox',
    async apply(snapshot) {
      await options.jobs.enqueue(
        applyKind,
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
      await options.jobs.enqueue(removeKind, { ...target }, { delayMs: options.delayMs });
    },
    onReport(l) {
      listener = l;
    },
  };
}
