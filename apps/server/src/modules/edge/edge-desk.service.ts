import type { StaffEdgeFailure, StaffEdgeNode, StaffReason } from '@edgeward/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { createEdgeNodeOperator } from './edge-node.operator';
import * as repo from './edge-node.repository';

/** The failures listed at most: the newest are what matter. */
const failuresShown = 200;

/** Operations' desk in the operator console: the nodes, their failures, the credentials and the republish. */
export function createEdgeDesk(deps: { db: Db; now: () => Date; config: Pick<Config, 'traffic'> }) {
  const { db, now } = deps;
  const operator = createEdgeNodeOperator(deps);
  const audit =
    (
      actor: StaffActor,
      action: 'edgeNode.add' | 'edgeNode.revoke' | 'edge.republish',
      name: string,
      extra: { reason?: string; after?: Record<string, unknown> } = {},
    ) =>
    (tx: Parameters<typeof recordStaffAction>[0]) =>
      recordStaffAction(tx, actor, { action, targetType: 'edgeNode', targetName: name, ...extra }, now());

  return {
    async nodes(): Promise<StaffEdgeNode[]> {
      const [issued, lag] = [await repo.listNodes(db), await repo.lagOf(db)];
      return [
        ...issued.map((n) => ({
          name: n.name,
          source: 'issued' as const,
          hostname: n.hostname,
          agentVersion: n.agentVersion,
          nginxVersion: n.nginxVersion,
          createdAt: n.createdAt.getTime(),
          lastContactAt: n.lastSeenAt?.getTime() ?? null,
          revokedAt: n.revokedAt?.getTime() ?? null,
          versionsBehind: lag(n.name).behind,
          failures: lag(n.name).failed,
        })),
        ...deps.config.traffic.edgeNodes.map((n) => ({
          name: n.name,
          source: 'configured' as const,
          hostname: null,
          agentVersion: null,
          nginxVersion: null,
          createdAt: null,
          lastContactAt: null,
          revokedAt: null,
          versionsBehind: lag(n.name).behind,
          failures: lag(n.name).failed,
        })),
      ];
    },

    async failures(): Promise<StaffEdgeFailure[]> {
      return (await repo.listFailures(db, failuresShown)).map((f) => ({ ...f, reportedAt: f.reportedAt.getTime() }));
    },

    async addNode(actor: StaffActor, name: string) {
      const token = await operator.add(name, audit(actor, 'edgeNode.add', name, { after: { issued: true } }));
      return { name, token };
    },

    async revokeNode(actor: StaffActor, name: string, body: StaffReason): Promise<null> {
      await operator.revoke(
        name,
        audit(actor, 'edgeNode.revoke', name, { reason: body.reason, after: { revoked: true } }),
      );
      return null;
    },

    async republish(actor: StaffActor) {
      const queued = await operator.republish((tx) =>
        recordStaffAction(tx, actor, { action: 'edge.republish', targetType: 'edge' }, now()),
      );
      return { queued };
    },
  };
}
