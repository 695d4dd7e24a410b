/** The edge platform (eo): its menu group for users who have both menus. */
export const eo = {
  'menu.eo': 'Edge platform',
} as const;
