import {
  BarChartOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  KeyOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The menu's icons, which the route table names. They live with the menu so that the table, which the first chunk
 * carries, brings no icon code to the login page.
 */
export const menuIcons = {
  BarChartOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  KeyOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WalletOutlined,
} satisfies Record<string, ComponentType>;

export type MenuIcon = keyof typeof menuIcons;
