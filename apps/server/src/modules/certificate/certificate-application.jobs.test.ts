import { describe, expect, it } from 'vitest';
import {
  applicationBackoffMs,
  applicationJob,
  applicationMaintenanceJob,
  applicationMaintenanceSchedule,
} from './certificate-application.jobs';

describe('certificate application jobs', () => {
  it('waits 30 s before the first retry, doubling each time up to 30 minutes', () => {
    expect([0, 1, 2, 3, 6].map(applicationBackoffMs)).toEqual([30_000, 30_000, 60_000, 120_000, 960_000]);
    // 30 s x 2^6 is 32 minutes: capped.
    expect(applicationBackoffMs(7)).toBe(30 * 60_000);
    expect(applicationBackoffMs(20)).toBe(30 * 60_000);
  });

  it('runs one application per job, merged by its id, at most 8 times', () => {
    expect(applicationJob.kind).toBe('certificate.application');
    expect(applicationJob.mergeKey?.({ applicationId: 42 })).toBe('42');
    expect(applicationJob.maxAttempts).toBe(8);
    expect(applicationJob.payload.safeParse({ applicationId: 1 }).success).toBe(true);
    expect(applicationJob.payload.safeParse({ applicationId: 0 }).success).toBe(false);
  });

  it('runs the maintenance once an hour, one at a time', () => {
    expect(applicationMaintenanceJob.kind).toBe('certificate.maintenance');
    expect(applicationMaintenanceJob.mergeKey?.({})).toBe('all');
    expect(applicationMaintenanceSchedule).toMatchObject({
      name: 'certificate.maintenance',
      everyMs: 3_600_000,
      job: applicationMaintenanceJob,
      payload: {},
    });
  });
});
