import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  PhoneOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  AuditOutlined,
  AlertOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by the kebab-case antd name the server sends (`meta.icon`). Only the icons the
 * menu uses are bundled (all of @ant-design/icons would be megabytes); an unknown name shows
 * the generic app icon.
 */
const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  'file-text': FileTextOutlined,
  environment: EnvironmentOutlined,
  bank: BankOutlined,
  phone: PhoneOutlined,
  solution: SolutionOutlined,
  'customer-service': CustomerServiceOutlined,
  'bar-chart': BarChartOutlined,
  setting: SettingOutlined,
  team: TeamOutlined,
  audit: AuditOutlined,
  alert: AlertOutlined,
  message: MessageOutlined,
  appstore: AppstoreOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
