import { limits } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { tabOf, visibleTabs } from '../layout/capability-tabs';
import { edgeTabs, importFileTooLarge, importMaxMb, revokeOf, versionsOf } from './edge-logic';

describe("operations' edge desk", () => {
  it('revokes only an issued node that is not revoked yet', () => {
    expect(revokeOf({ source: 'issued', revokedAt: null })).toBe('revoke');
    expect(revokeOf({ source: 'issued', revokedAt: 1 })).toBe('revoked');
    expect(revokeOf({ source: 'configured', revokedAt: null })).toBe('configured');
  });

  it('shows the versions a node reported, a dash for the one it did not', () => {
    expect(versionsOf({ agentVersion: '1.4.0', nginxVersion: '1.26.2' })).toBe('1.4.0 / 1.26.2');
    expect(versionsOf({ agentVersion: '1.4.0', nginxVersion: null })).toBe('1.4.0 / -');
    expect(versionsOf({ agentVersion: null, nginxVersion: null })).toBeNull();
  });

  it('refuses a file over the limit before it is sent, and takes one at the limit', () => {
    expect(importFileTooLarge({ size: limits.traffic.importMaxBytes })).toBe(false);
    expect(importFileTooLarge({ size: limits.traffic.importMaxBytes + 1 })).toBe(true);
    expect(importMaxMb).toBe(10);
  });

  it('opens the import tab only to a member who may import', () => {
    expect(visibleTabs(edgeTabs, ['edge', 'republish', 'trafficImport'])).toEqual(['nodes', 'failures', 'import']);
    expect(visibleTabs(edgeTabs, ['edge'])).toEqual(['nodes', 'failures']);
    expect(tabOf('import', visibleTabs(edgeTabs, ['edge']))).toBe('nodes');
  });
});
