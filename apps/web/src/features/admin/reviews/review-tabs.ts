import type { StaffCapability } from '@edgeward/contract';
import { tabOf, visibleTabs } from '../layout/capability-tabs';

/** The reviewer's desk's tabs, in order, each with the capability its calls need. */
export const reviewTabs = [
  { key: 'domains', capability: 'reviews' },
  { key: 'real-name', capability: 'reviews' },
  { key: 'ownership', capability: 'ownership' },
] as const satisfies readonly { key: string; capability: StaffCapability }[];
export type ReviewTab = (typeof reviewTabs)[number]['key'];

export const visibleReviewTabs = (capabilities: readonly StaffCapability[]): ReviewTab[] =>
  visibleTabs(reviewTabs, capabilities);

export const reviewTabOf = (wanted: string | null, visible: readonly ReviewTab[]) => tabOf(wanted, visible);
