import { limits } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import type { Actor } from '../../lib/actor';
import type { Caller, DomainServices } from '../domain';
import type { StatisticsService } from '../traffic';
import { toEoDomainConfig } from './eo.presenter';
import { baselineOf } from './eo-baseline';
import * as baselines from './eo-baseline.repository';

const DAY_MS = 86_400_000;

export interface EoServiceDeps {
  db: Db;
  now: () => Date;
  /** The domain area's services built for the 'eo' variant. */
  domains: DomainServices;
  statistics: StatisticsService;
}

/**
 * The edge platform's domains: the domain area's services of the 'eo' variant, presented in the spec's four parts,
 * with the adaptive frequency control's baseline beside the security policy.
 */
export function createEoService(deps: EoServiceDeps) {
  const { db, now } = deps;
  const { configs } = deps.domains;

  async function present(user: Caller, id: number) {
    const row = await configs.stored(user, id);
    return toEoDomainConfig(row, await baselines.findBaseline(db, id));
  }

  /** Saves through the domain area's rules, then answers the four parts. */
  const then =
    <B>(save: (user: Caller, id: number, body: B, actor: Actor) => Promise<unknown>) =>
    async (user: Caller, id: number, body: B, actor: Actor) => {
      await save(user, id, body, actor);
      return present(user, id);
    };

  return {
    detail: present,
    source: then(configs.origin),
    https: then(configs.httpsInfo),
    general: then(configs.general),
    security: then(configs.securityPolicy),

    /** The daily schedule: every eo domain's baseline from its own last 7 days. */
    async refreshBaselines(): Promise<number> {
      const to = now().getTime();
      const from = to - limits.eo.baselineDays * DAY_MS;
      const ids = await baselines.eoDomainIdsSystem(db);
      for (const { id } of ids) {
        const requests = await deps.statistics.requestsPerFiveMinutes(id, from, to);
        await baselines.saveBaseline(db, id, baselineOf(requests, to));
      }
      return ids.length;
    },
  };
}

export type EoService = ReturnType<typeof createEoService>;
