import type { StaffCapability } from '@edgeward/contract';

/** A tab of a desk page, with the capability its calls need. */
export interface CapabilityTab<K extends string> {
  key: K;
  capability: StaffCapability;
}

/** The tabs a member's capabilities open, in order (the server refuses the others' calls anyway). */
export function visibleTabs<K extends string>(
  tabs: readonly CapabilityTab<K>[],
  capabilities: readonly StaffCapability[],
): K[] {
  return tabs.filter((tab) => capabilities.includes(tab.capability)).map((tab) => tab.key);
}

/** The tab a URL names if the member may see it, else the first one they may (undefined: none). */
export function tabOf<K extends string>(wanted: string | null, visible: readonly K[]): K | undefined {
  return visible.find((tab) => tab === wanted) ?? visible[0];
}
