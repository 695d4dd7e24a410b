import { type Action, hasPermission, type PermissionId } from '@edgeward/contract';
import type { ReactNode } from 'react';
import { useSession } from '../stores/session';

export interface AuthorizedProps {
  permissionId: PermissionId;
  /** Without an action, holding the permission at all is enough. */
  action?: Action;
  children: ReactNode;
  /** Shown instead when not granted; nothing by default (spec section 6: the button is removed). */
  fallback?: ReactNode;
}

/** Whether the signed-in user's roles grant the permission (and action). */
export function useAuthorized(permissionId: PermissionId, action?: Action): boolean {
  const { roles } = useSession();
  return hasPermission(roles, action ? { id: permissionId, action } : { id: permissionId });
}

/** Renders its children only when the user's roles grant `{ permissionId, action }`. */
export function Authorized({ permissionId, action, children, fallback = null }: AuthorizedProps) {
  return useAuthorized(permissionId, action) ? children : fallback;
}
