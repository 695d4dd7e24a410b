import { defaultEoSecurityExtras, toAsciiDomain } from '@edgeward/contract';
import { EdgeSnapshotSchema } from '@edgeward/edge-config';
import { cnameFor, type EdgeReport, type EdgeSnapshot } from '../../providers/edge/edge.provider';
import { eventMessage, sendMessage } from '../message';
import * as repo from './domain.repository';
import { edgeTarget, nextStatus } from './domain-state';
import type { DomainStore } from './domain-steps';

const configFailedMessage = (domain: string, reason: string) =>
  eventMessage('domain', 'domain.configFailed', { domain, reason });

/**
 * The domains' side of the edge: what the publish job sends (the latest complete configuration, with the
 * certificate and key) and what the edge's reports do to a domain's status.
 */
export function createEdgeRolloutService(deps: Omit<DomainStore, 'variant'> & { cnameZone: string }) {
  const { db, now } = deps;
  return {
    /** What the edge should hold for a domain now: a snapshot, a removal, or nothing. */
    async edgeWork(
      domainId: number,
    ): Promise<{ kind: 'apply'; snapshot: EdgeSnapshot } | { kind: 'remove'; domainName: string } | null> {
      // One read: the snapshot's version and its certificate are of the same moment.
      const row = await repo.findForEdgeSystem(db, domainId);
      if (!row) return null;
      const target = edgeTarget(row.status);
      if (target === null) return null;
      if (target === 'remove') return { kind: 'remove', domainName: row.domainName };
      const { tls } = row;
      const { eoSecurity, ...stored } = row.config;
      const domainName = toAsciiDomain(row.domainName);
      // Parsed, not cast: a stored configuration that drifted from the edge's schema fails here, loudly, rather
      // than on every edge node.
      const snapshot = EdgeSnapshotSchema.parse({
        domainId,
        domainName,
        cname: cnameFor(domainName, deps.cnameZone),
        variant: row.variant,
        version: row.version,
        state: target,
        config: {
          ...stored,
          httpsConfig: {
            forceHttps: stored.httpsConfig.forceHttps,
            http2: stored.httpsConfig.http2,
            certificatePem: tls.certificate,
            privateKeyPem: tls.privateKey,
          },
          // An eo domain whose security policy was never saved has every extra off; a CDN domain has none.
          ...(row.variant === 'eo' ? { eoSecurity: eoSecurity ?? defaultEoSecurityExtras } : {}),
        },
      });
      return { kind: 'apply', snapshot: { ...snapshot, state: target, config: snapshot.config! } };
    },

    /**
     * A report from the edge. Only a report about the current version moves the status (an older one was
     * overtaken by a later change that is still rolling out); a removal deletes the domain for good.
     */
    async handleEdgeReport(report: EdgeReport): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.findSystem(tx, { id: report.domainId }, { lock: true });
        if (!row) return;
        const at = now();
        if (report.kind === 'removed') {
          if (row.status === 'deleting') await repo.deleteSystem(tx, row.id);
          return;
        }
        if (report.version < row.version) return;
        if (report.kind === 'applied') {
          const to = nextStatus(row.status, 'applied');
          // The version applied is the current one, so the status says whether the edge now serves the domain.
          const edgeServing = edgeTarget(row.status) === 'enabled';
          await repo.updateDomainSystem(
            tx,
            row.id,
            { cname: report.cname, edgeServing, ...(to ? { status: to, abnormalReason: null } : {}) },
            at,
          );
          return;
        }
        const to = nextStatus(row.status, 'failed');
        if (!to) return;
        await repo.updateDomainSystem(
          tx,
          row.id,
          { status: to, abnormalReason: report.reason, edgeServing: false },
          at,
        );
        await sendMessage(tx, row.userId, configFailedMessage(row.domainName, report.reason), at);
      });
    },

    /** The current version of a domain by name, for the operator's simulated edge failure. */
    async findByName(domainName: string) {
      return repo.findSystem(db, { domainName: toAsciiDomain(domainName) });
    },
  };
}
