import type { StaffCapability } from '@edgeward/contract';

/** The reviewer's desk's tabs, in order, each with the capability its calls need. */
const reviewTabs = [
  { key: 'domains', capability: 'reviews' },
  { key: 'real-name', capability: 'reviews' },
  { key: 'ownership', capability: 'ownership' },
] as const satisfies readonly { key: string; capability: StaffCapability }[];
export type ReviewTab = (typeof reviewTabs)[number]['key'];

/** The tabs a member's capabilities open (the server refuses the others' calls anyway). */
export function visibleReviewTabs(capabilities: readonly StaffCapability[]): ReviewTab[] {
  return reviewTabs.filter((tab) => capabilities.includes(tab.capability)).map((tab) => tab.key);
}

/** The tab a URL names if the member may see it, else the first one they may (undefined: none). */
export function reviewTabOf(wanted: string | null, visible: readonly ReviewTab[]): ReviewTab | undefined {
  return visible.find((tab) => tab === wanted) ?? visible[0];
}
