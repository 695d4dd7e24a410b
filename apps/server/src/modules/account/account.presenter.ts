import type { LoginLogItem, PageQuery, Profile, SessionItemSchema } from '@edgeward/contract';
import type { z } from 'zod';
import { pageWithTotal } from '../../lib/page';
import type { AuthUser, SessionService } from '../session';
import type { listLoginLog, ProfileRow } from './account.repository';

/** Database rows -> the contract's account responses; times become epoch milliseconds. */

export function toProfile(row: ProfileRow, user: Pick<AuthUser, 'roles' | 'simulated'>): Profile {
  return { ...row, roles: user.roles, createdAt: row.createdAt.getTime(), simulated: user.simulated === true };
}

type OpenSession = Awaited<ReturnType<SessionService['listOpen']>>[number];

export function toSessionItem(row: OpenSession, currentSessionId: number): z.infer<typeof SessionItemSchema> {
  return {
    ...row,
    createdAt: row.createdAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    current: row.id === currentSessionId,
  };
}

export function toLoginLogPage(page: PageQuery, { rows, total }: Awaited<ReturnType<typeof listLoginLog>>) {
  return pageWithTotal(
    page,
    rows.map((r): LoginLogItem => ({ ...r, createdAt: r.createdAt.getTime() })),
    total,
  );
}
