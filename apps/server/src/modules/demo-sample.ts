/**
 * Facts several areas' sample data must agree on, so that the demo account tells one story: the add-on the demo
 * holds runs out in a week (commerce sells it so; the message centre warns of it).
 */
export const demoExpiringPackage = {
  /** The sample catalogue's name of the package (commerce.sample-data.ts). */
  name: 'WebSocket add-on',
  daysLeft: 7,
} as const;
