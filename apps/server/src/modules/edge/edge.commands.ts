import { notInArray } from 'drizzle-orm';
import { domains } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { type OpsCommand, OpsError } from '../../ops/ops';
import { publishJob } from '../domain';
import * as repo from './edge-node.repository';
import { newNodeToken, tokenSha256 } from './edge-node-auth';

const NODE_NAME = /^[a-z0-9][\w.-]{0,63}$/i;

function oneName(args: string[]): string {
  const [name] = args;
  if (!name || args.length > 1) throw new OpsError('give one node name');
  if (!NODE_NAME.test(name)) throw new OpsError('a node name is letters, digits, ".", "_" or "-" (at most 64)');
  return name;
}

const when = (at: Date | null) => (at ? at.toISOString() : 'never');

/** The edge nodes' credentials: issued here, shown once, kept only as their SHA-256. */
export const edgeCommands: OpsCommand[] = [
  {
    name: 'edge node add',
    args: '<name>',
    summary: "issue an edge node's credential (the token is printed once; EDGE=nginx)",
    async run(args, ctx) {
      const name = oneName(args);
      if (ctx.config.traffic.edgeNodes.some((n) => n.name === name)) {
        throw new OpsError(`${name} is already an EDGE_NODE_TOKENS node`);
      }
      const token = newNodeToken();
      if (!(await repo.insertNode(ctx.database.db, name, tokenSha256(token), ctx.now()))) {
        throw new OpsError(`a node named ${name} exists already (revoke it, then add another name)`);
      }
      ctx.out(`edge node ${name} issued; its token, shown this once (the agent's EDGE_NODE_TOKEN):`);
      ctx.out(token);
    },
  },
  {
    name: 'edge node list',
    summary: 'the edge nodes: last seen, host, versions, and how many domains each is behind',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const nodes = await repo.listNodes(ctx.database.db);
      const lag = await repo.lagOf(ctx.database.db);
      const lagText = (name: string) => {
        const l = lag(name);
        return `behind on ${l.behind} domain(s), ${l.failed} failed`;
      };
      for (const n of nodes) {
        const versions = n.agentVersion ? ` agent ${n.agentVersion}, nginx ${n.nginxVersion || '?'}` : '';
        ctx.out(
          `${n.name}${n.revokedAt ? ` (revoked ${n.revokedAt.toISOString()})` : ''}: last seen ${when(n.lastSeenAt)}` +
            `, host ${n.hostname ?? '?'}${versions}; ${lagText(n.name)}`,
        );
      }
      for (const n of ctx.config.traffic.edgeNodes) ctx.out(`${n.name} (EDGE_NODE_TOKENS): ${lagText(n.name)}`);
      if (nodes.length === 0 && ctx.config.traffic.edgeNodes.length === 0) ctx.out('no edge nodes');
    },
  },
  {
    name: 'edge node revoke',
    args: '<name>',
    summary: "revoke an edge node's credential: its calls are refused from now on",
    async run(args, ctx) {
      const name = oneName(args);
      if (await repo.revokeNode(ctx.database.db, name, ctx.now())) {
        ctx.out(`edge node ${name} revoked`);
        return;
      }
      throw new OpsError(
        (await repo.nodeExists(ctx.database.db, name)) ? `${name} is revoked already` : `no edge node named ${name}`,
      );
    },
  },
  {
    name: 'edge republish',
    summary: 'publish every domain to the edge again (after switching EDGE from the sandbox to nginx)',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      // The sandbox kept nothing: the nginx edge's feed starts empty until each domain is published once more.
      const db = ctx.database.db;
      const published = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: domains.id })
          .from(domains)
          .where(notInArray(domains.status, ['under_review', 'review_rejected']));
        for (const { id } of rows) await enqueueJob(tx, publishJob, { domainId: id }, { runAt: ctx.now() });
        return rows.length;
      });
      ctx.out(`${published} domain(s) queued for publishing; the server's job runner carries them to the edge`);
    },
  },
];
