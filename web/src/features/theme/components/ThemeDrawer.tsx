import { Button, Drawer, Space, Tabs } from 'antd';
import { ReloadOutlined, SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../theme-store';
import { settingEnabled } from '../settings';
import { useSitePolicySync } from '../site-policy';
import { BasicTab } from './BasicTab';
import { SoundTab } from './SoundTab';
import { StyleTab } from './StyleTab';
import type { TabProps } from './tab-props';
import '../theme.css';

export interface ThemeDrawerProps {
  open: boolean;
  onClose: () => void;
  mobile: boolean;
  /** The has-check over the user's rule strings ('#'-separated). */
  has: (rules: string) => boolean;
  onRandomSkin: () => void;
}

/** The theme drawer with its three tabs: sound, style, basic (spec sections 2, 3, 5). */
export function ThemeDrawer({ open, onClose, mobile, has, onRandomSkin }: ThemeDrawerProps) {
  const { t } = useTranslation();
  // mounted with the shell whether open or not: keeps the site's switches in the store
  useSitePolicySync();
  const settings = useThemeStore((s) => s.settings);
  const set = useThemeStore((s) => s.set);
  const restoreDefaults = useThemeStore((s) => s.restoreDefaults);
  const props: TabProps = {
    settings,
    set,
    enabled: (key) => settingEnabled(key, settings, mobile),
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('theme.title')}
      size={400}
      className="hl-theme-drawer"
      footer={
        <Space className="hl-theme-footer">
          <Button icon={<SkinOutlined />} onClick={onRandomSkin}>
            {t('theme.randomSkin')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={restoreDefaults}>
            {t('theme.restore')}
          </Button>
        </Space>
      }
    >
      <Tabs
        defaultActiveKey="style"
        items={[
          { key: 'sound', label: t('theme.tabs.sound'), children: <SoundTab {...props} /> },
          { key: 'style', label: t('theme.tabs.style'), children: <StyleTab {...props} /> },
          {
            key: 'basic',
            label: t('theme.tabs.basic'),
            children: <BasicTab {...props} has={has} />,
          },
        ]}
      />
    </Drawer>
  );
}
