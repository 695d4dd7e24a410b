import { type AccelerationType, defaultDomainSettings } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { StoredDomainConfig } from '../../db/schema';

/** A complete stored configuration with the defaults of `type` and one origin address (documentation range). */
export function sampleDomainConfig(type: AccelerationType): StoredDomainConfig {
  return {
    ...defaultDomainSettings(type),
    sources: [
      {
        originType: 'ipaddr',
        ipOrDomain: ['203.0.113.10'],
        httpPort: 80,
        httpsPort: 443,
        hostName: '',
        originProtocol: 'follow',
        ipv6Status: 'follow',
        verifyCertificate: 'off',
      },
    ],
    originProtocol: 'follow',
  };
}

/**
 * Gives a user `count` enabled domains in a few statements (generate_series), each with a full default
 * configuration, created one second apart ending now. For benchmarks of the list at scale; the statistics are
 * refreshed afterwards so the planner and index-only scans see the real table.
 */
export async function bulkInsertDomains(
  database: Database,
  userId: number,
  count: number,
  options: { prefix?: string; type?: AccelerationType } = {},
): Promise<void> {
  const prefix = (options.prefix ?? `bench${userId}`).toLowerCase();
  const type = options.type ?? 'web';
  const config = sampleDomainConfig(type);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO domains (user_id, domain_name, type, status, cname, created_at, updated_at)
      SELECT ${userId}, ${prefix} || '-' || g || '.example.com', ${type}, 'enabled',
             ${prefix} || '-' || g || '.example.com.cdn.edgeward.net',
             now() - (${count} - g) * interval '1 second', now() - (${count} - g) * interval '1 second'
        FROM generate_series(1, ${count}) AS g`);
    await tx.execute(sql`
      INSERT INTO domain_configs (domain_id, config)
      SELECT d.id, ${JSON.stringify(config)}::jsonb FROM domains d
       WHERE d.user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM domain_configs c WHERE c.domain_id = d.id)`);
  });
  // One statement each: VACUUM refuses to run inside the implicit transaction of a multi-statement script.
  for (const table of ['domains', 'domain_configs', 'domain_counts']) {
    await database.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
}
