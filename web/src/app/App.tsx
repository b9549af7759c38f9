import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { useTranslation } from 'react-i18next';
import { PALETTES } from '../features/theme/palettes';
import { useThemeStore } from '../features/theme/theme-store';
import { isEnglish } from '../i18n';
import { MESSAGE_SECONDS } from './notify';
import { queryClient } from './query-client';
import { setUpRequest } from './request-setup';
import { router } from './router';

setUpRequest();

/** antd follows the i18next language and the theme's primary colour. */
export function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const themeName = useThemeStore((s) => s.settings.themeName);
  const primary = PALETTES[themeName].primary;
  // CSS outside antd (shell, progress bar) reads the primary colour from this variable.
  useEffect(() => document.documentElement.style.setProperty('--hl-primary', primary), [primary]);
  return (
    <ConfigProvider
      locale={isEnglish(i18n.language) ? enUS : zhCN}
      theme={{
        token: { colorPrimary: primary, colorLink: primary, borderRadius: 6 },
        components: {
          Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0,0,0,0.18)' },
          // Below dropdown menus (1050): the hint of a neighbouring header button must never
          // cover the items of an open menu (it did, and swallowed clicks on them).
          Tooltip: { zIndexPopup: 1040 },
        },
      }}
    >
      <AntdApp message={{ duration: MESSAGE_SECONDS, maxCount: 3 }}>{children}</AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocalizedAntd>
        <RouterProvider router={router} />
      </LocalizedAntd>
    </QueryClientProvider>
  );
}
