import { fromUtc8Time, type StaffDashboard, utc8Time } from '@edgeward/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { edgeNodeStatuses } from '../edge';
import * as repo from './dashboard.repository';

const dayMs = 24 * 60 * 60_000;

/** Midnight of the UTC+8 day an instant falls on. */
function utc8DayStart(at: Date): Date {
  const t = utc8Time(at);
  return fromUtc8Time({ ...t, hour: 0, minute: 0, second: 0 });
}

/** The staff's start page: today and the last seven days are UTC+8 calendar days, today included. */
export function createStaffDashboardService(deps: { db: Db; now: () => Date; config: Pick<Config, 'traffic'> }) {
  return {
    async dashboard(): Promise<StaffDashboard> {
      const { db } = deps;
      const todayStart = utc8DayStart(deps.now());
      const weekStart = new Date(todayStart.getTime() - 6 * dayMs);
      const [customers, revenue, tickets, waiting, nodes] = await Promise.all([
        repo.customerCounts(db, todayStart, weekStart),
        repo.revenue(db, todayStart, weekStart),
        repo.ticketsWaiting(db, 5),
        repo.waitingCounts(db),
        edgeNodeStatuses(db, deps.config.traffic.edgeNodes),
      ]);
      return {
        customers,
        revenue,
        tickets,
        ...waiting,
        edgeNodes: nodes.map((n) => ({
          name: n.name,
          lastContactAt: n.lastSeenAt?.getTime() ?? null,
          versionsBehind: n.behind,
          failures: n.failed,
        })),
      };
    },
  };
}
