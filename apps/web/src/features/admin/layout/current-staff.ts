import type { StaffMe } from '@edgeward/contract';
import { createContext, useContext } from 'react';

/** The signed-in staff member, which the console's frame has loaded before any page is drawn. */
export const CurrentStaffContext = createContext<StaffMe | null>(null);

export function useCurrentStaff(): StaffMe {
  const me = useContext(CurrentStaffContext);
  if (!me) throw new Error('useCurrentStaff must be used inside the operator console’s layout');
  return me;
}
