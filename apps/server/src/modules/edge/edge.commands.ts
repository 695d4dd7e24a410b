import { EdgeNodeNameSchema } from '@edgeward/contract';
import { type OpsCommand, type OpsContext, OpsError, validArgument } from '../../ops/ops';
import { createEdgeNodeOperator } from './edge-node.operator';
import * as repo from './edge-node.repository';

function oneName(args: string[]): string {
  const [name] = args;
  if (!name || args.length > 1) throw new OpsError('give one node name');
  return validArgument(EdgeNodeNameSchema, name, 'name');
}

const operator = (ctx: OpsContext) =>
  createEdgeNodeOperator({ db: ctx.database.db, now: () => ctx.now(), config: ctx.config });

const when = (at: Date | null) => (at ? at.toISOString() : 'never');

/** The edge nodes' credentials: issued here, shown once, kept only as their SHA-256. */
export const edgeCommands: OpsCommand[] = [
  {
    name: 'edge node add',
    args: '<name>',
    summary: "issue an edge node's credential (the token is printed once; EDGE=nginx)",
    async run(args, ctx) {
      const token = await operator(ctx).add(oneName(args));
      ctx.out(`edge node ${args[0]} issued; its token, shown this once (the agent's EDGE_NODE_TOKEN):`);
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
      await operator(ctx).revoke(name);
      ctx.out(`edge node ${name} revoked`);
    },
  },
  {
    name: 'edge republish',
    summary: 'publish every domain to the edge again (after switching EDGE from the sandbox to nginx)',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const published = await operator(ctx).republish();
      ctx.out(`${published} domain(s) queued for publishing; the server's job runner carries them to the edge`);
    },
  },
];
