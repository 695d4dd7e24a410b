import { type CertificateApplicationStatus, limits } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { toApplicationDetail, toApplicationListItem } from './certificate-application.presenter';
import type * as repo from './certificate-application.repository';
import type { ApplicationView } from './certificate-application.service';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
const failure = { key: 'certificate.application.caUnreachable', params: { reason: 'connect ETIMEDOUT' } };
const retry = { key: 'certificate.application.caUnreachable', params: { reason: 'busy' } };

/** An application in `status` with every optional part filled, so that what the view leaves out is its choice. */
function view(status: CertificateApplicationStatus): ApplicationView {
  const row = {
    id: 7,
    userId: 1,
    domainNames: ['www.example.com'],
    keyType: 'ECC',
    status,
    deployDomainIds: [],
    deployResults: null,
    orderUrl: 'https://ca.test/order/1',
    records: [],
    certificateKeySealed: 'sealed',
    certificateId: null,
    renewalOf: null,
    failure,
    failureStage: 'acme',
    dnsCheck: null,
    retryCount: 2,
    retryReason: retry,
    nextAttemptAt: at(30),
    noticesSent: [],
    workerLeaseUntil: null,
    createdAt: at(0),
    updatedAt: at(5),
    recordsAt: at(1),
    verifiedAt: null,
    completedAt: null,
  } as repo.ApplicationRow;
  return { row, certificate: null, deployDomains: [], records: [] };
}

describe('the application presenter', () => {
  it("tells why an application failed only when it did, in the caller's language", () => {
    expect(toApplicationListItem(view('failed'), 'en-US').failureReason).toContain('connect ETIMEDOUT');
    expect(toApplicationListItem(view('failed'), 'zh-CN').failureReason).not.toBe(
      toApplicationListItem(view('failed'), 'en-US').failureReason,
    );
    for (const status of ['creating', 'pending', 'generating', 'completed'] as const) {
      expect(toApplicationListItem(view(status), 'en-US').failureReason, status).toBeNull();
    }
  });

  it('shows the retry reason and next attempt only while the application is being worked on', () => {
    for (const status of ['creating', 'generating'] as const) {
      expect(toApplicationListItem(view(status), 'en-US')).toMatchObject({
        retryReason: expect.stringContaining('busy'),
        nextAttemptAt: at(30).getTime(),
      });
    }
    for (const status of ['pending', 'failed', 'completed'] as const) {
      expect(toApplicationListItem(view(status), 'en-US'), status).toMatchObject({
        retryReason: null,
        nextAttemptAt: null,
      });
    }
  });

  it('gives a pending application its expiry, counted from when its records were made, and no other', () => {
    const expiry = at(1).getTime() + limits.certificate.applicationExpiryDays * 86_400_000;
    expect(toApplicationDetail(view('pending'), 'en-US').expiresAt).toBe(expiry);
    const withoutRecords = view('pending');
    withoutRecords.row.recordsAt = null;
    expect(toApplicationDetail(withoutRecords, 'en-US').expiresAt).toBeNull();
    expect(toApplicationDetail(view('generating'), 'en-US').expiresAt).toBeNull();
  });

  it('never gives out the order URL or the sealed key', () => {
    const text = JSON.stringify(toApplicationDetail(view('generating'), 'en-US'));
    expect(text).not.toContain('ca.test');
    expect(text).not.toContain('sealed');
  });
});
