import type { eo as en } from '../en-US/eo';

export const eo: Record<keyof typeof en, string> = {
  'menu.eo': '边缘安全加速',
};
