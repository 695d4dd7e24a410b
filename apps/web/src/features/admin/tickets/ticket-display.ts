import type { TicketUrgency } from '@edgeward/contract';

export type AgeUnit = 'minutes' | 'hours' | 'days';

/**
 * How long a ticket has waited, in the largest whole unit that is at least 1 (under an hour in minutes, under two
 * days in hours, then days); a time ahead of the clock counts as 0 minutes.
 */
export function ticketAge(createdAt: number, now: number): { unit: AgeUnit; count: number } {
  const minutes = Math.max(0, Math.floor((now - createdAt) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** The tag colour of an urgency, mildest to gravest. */
export const urgencyColors: Record<TicketUrgency, string> = {
  consultation: 'default',
  experience: 'blue',
  impact: 'orange',
  unavailable: 'red',
};
