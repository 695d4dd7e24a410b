import type { Role } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { userPermissions, users } from '../db/schema';

type Permissions = { permissionId: string; actionList: string[] }[];

/** The user's permission list as one JSON value, so the lookup of a caller stays one round trip. */
const permissionsOfUser = sql<Permissions | string>`COALESCE((
  SELECT json_agg(json_build_object('permissionId', ${userPermissions.permissionId}, 'actionList', ${userPermissions.actions})
                  ORDER BY ${userPermissions.permissionId})
    FROM ${userPermissions} WHERE ${userPermissions.userId} = ${users.id}), '[]'::json)`.mapWith(
  // pg parses json; PGlite may hand it over as text.
  (value: Permissions | string): Permissions => (typeof value === 'string' ? JSON.parse(value) : value),
);

/**
 * The signed-in user's columns, with the permission list: what every authenticated call reads of its user, joined
 * to the session or to the API key that signed the call.
 */
export const signedInUserColumns = {
  userId: users.id,
  userName: users.userName,
  email: users.email,
  avatar: users.avatar,
  cdnType: users.cdnType,
  realNameVerified: users.realNameVerified,
  /** A disabled account's sessions and keys open nothing (the callers check it). */
  disabledAt: users.disabledAt,
  permissions: permissionsOfUser,
};

/** The caller as an authenticated call sees it, from a row read with signedInUserColumns. */
export function signedInUserOf(row: {
  userId: number;
  userName: string;
  email: string;
  avatar: string | null;
  cdnType: string;
  realNameVerified: boolean;
  permissions: Permissions;
}) {
  const roles: Role[] = [{ roleId: 'customer', permissions: row.permissions as Role['permissions'] }];
  return {
    id: row.userId,
    userName: row.userName,
    email: row.email,
    avatar: row.avatar,
    cdnType: row.cdnType,
    realNameVerified: row.realNameVerified,
    roles,
  };
}
