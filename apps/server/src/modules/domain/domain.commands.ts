import { type OpsCommand, OpsError } from '../../ops/ops';
import { createDomainServices, type DomainPorts } from './domain.services';

function nameAndReason(args: string[]): { domainName: string; reason: string } {
  const [domainName, ...words] = args;
  const reason = words.join(' ').trim();
  if (!domainName || !reason) throw new OpsError('give a domain name and a reason');
  return { domainName, reason };
}

/**
 * The operator's side of domains: ownership verified by hand, the review queue (REVIEW_NEW_DOMAINS, and whole-site acceleration always) and a
 * simulated edge failure, which reports the domain's current configuration version as failed, as a real edge
 * would when its nodes cannot apply it (the domain turns abnormal with the reason).
 */
export const domainCommands = (ports: DomainPorts): OpsCommand[] => [
  {
    name: 'domain verify',
    args: '<domainName> [userName]',
    summary: "mark the name's apex as verified for the customer who asked for its TXT record (or the one named)",
    async run(args, ctx) {
      const [domainName, userName, ...rest] = args;
      if (!domainName || rest.length) throw new OpsError('give a domain name and, optionally, the user name');
      const result = await createDomainServices(ctx, ports).verification.verifyForCustomer(domainName, userName);
      if ('problem' in result) {
        if (result.problem === 'ambiguous') {
          throw new OpsError(`several customers asked to verify it (${result.userNames.join(', ')}): name one`);
        }
        throw new OpsError(
          userName
            ? `'${userName}' has not asked to add a domain under it (asked: ${result.userNames.join(', ') || 'nobody'})`
            : 'no customer has asked to add a domain under it yet: they start in Add domain, or name the user',
        );
      }
      ctx.out(`Verified ${result.apexDomain} for ${result.userName}: they can now add any name under it.`);
    },
  },
  {
    name: 'domain review list',
    summary: 'list the domains waiting for review, oldest first',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const rows = await createDomainServices(ctx, ports).review.listUnderReview();
      if (rows.length === 0) {
        ctx.out('No domains under review.');
        return;
      }
      ctx.out(['id', 'domain', 'type', 'user', 'created'].join('\t'));
      for (const r of rows) ctx.out([r.id, r.domainName, r.type, r.userName, r.createdAt.toISOString()].join('\t'));
    },
  },
  {
    name: 'domain review approve',
    args: '<domainName>',
    summary: 'approve a domain under review; it is then deployed to the edge',
    async run(args, ctx) {
      if (args.length !== 1) throw new OpsError('give one domain name');
      const row = await createDomainServices(ctx, ports).review.review({ domainName: args[0]! }, { approve: true });
      ctx.out(`Approved ${row.domainName}: ${row.status}`);
    },
  },
  {
    name: 'domain review reject',
    args: '<domainName> <reason...>',
    summary: 'reject a domain under review with a reason the customer sees',
    async run(args, ctx) {
      const { domainName, reason } = nameAndReason(args);
      const row = await createDomainServices(ctx, ports).review.review({ domainName }, { approve: false, reason });
      ctx.out(`Rejected ${row.domainName}: ${reason}`);
    },
  },
  {
    name: 'edge fail',
    args: '<domainName> <reason...>',
    summary: "report the domain's current configuration as failed on the edge (sandbox: makes it abnormal)",
    async run(args, ctx) {
      const { domainName, reason } = nameAndReason(args);
      const rollout = createDomainServices(ctx, ports).edge;
      const row = await rollout.findByName(domainName);
      if (!row) throw new OpsError(`no domain named '${domainName}'`);
      await rollout.handleEdgeReport({
        kind: 'failed',
        domainId: row.id,
        domainName: row.domainName,
        version: row.version,
        reason,
      });
      const after = await rollout.findByName(domainName);
      ctx.out(`${row.domainName}: ${row.status} -> ${after?.status ?? 'gone'}`);
    },
  },
];
