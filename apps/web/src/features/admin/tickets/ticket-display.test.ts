import { describe, expect, it } from 'vitest';
import { ticketAge } from './ticket-display';

const minute = 60_000;
const now = Date.UTC(2026, 0, 10, 12, 0);

describe('how long a ticket has waited', () => {
  it('counts minutes under an hour, never below zero', () => {
    expect(ticketAge(now, now)).toEqual({ unit: 'minutes', count: 0 });
    expect(ticketAge(now - 59 * minute - 59_999, now)).toEqual({ unit: 'minutes', count: 59 });
    expect(ticketAge(now + 5 * minute, now)).toEqual({ unit: 'minutes', count: 0 });
  });

  it('counts hours from one hour to under two days', () => {
    expect(ticketAge(now - 60 * minute, now)).toEqual({ unit: 'hours', count: 1 });
    expect(ticketAge(now - (47 * 60 + 59) * minute, now)).toEqual({ unit: 'hours', count: 47 });
  });

  it('counts whole days from two days on', () => {
    expect(ticketAge(now - 48 * 60 * minute, now)).toEqual({ unit: 'days', count: 2 });
    expect(ticketAge(now - (10 * 24 + 23) * 60 * minute, now)).toEqual({ unit: 'days', count: 10 });
  });
});
