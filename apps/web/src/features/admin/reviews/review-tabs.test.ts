import { staffRoleCapabilities } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { reviewTabOf, visibleReviewTabs } from './review-tabs';

describe("the reviewer's tabs", () => {
  it('opens each tab by its own capability', () => {
    expect(visibleReviewTabs(staffRoleCapabilities.reviewer)).toEqual(['domains', 'real-name', 'ownership']);
    expect(visibleReviewTabs(staffRoleCapabilities.admin)).toEqual(['domains', 'real-name', 'ownership']);
    expect(visibleReviewTabs(['dashboard', 'ownership'])).toEqual(['ownership']);
    expect(visibleReviewTabs(['dashboard', 'reviews'])).toEqual(['domains', 'real-name']);
    expect(visibleReviewTabs(staffRoleCapabilities.support)).toEqual([]);
  });

  it('shows the tab the address names only when it is open, else the first open one', () => {
    expect(reviewTabOf('real-name', ['domains', 'real-name', 'ownership'])).toBe('real-name');
    expect(reviewTabOf(null, ['domains', 'real-name'])).toBe('domains');
    expect(reviewTabOf('ownership', ['domains', 'real-name'])).toBe('domains');
    expect(reviewTabOf('nothing', ['ownership'])).toBe('ownership');
    expect(reviewTabOf('domains', [])).toBeUndefined();
  });
});
