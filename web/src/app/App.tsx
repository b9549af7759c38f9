import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { useTranslation } from 'react-i18next';
import { PALETTES } from '../features/theme/palettes';
import { useThemeStore } from '../features/theme/theme-store';
import { usePrefersReducedMotion } from '../hooks/use-media-query';
import { isEnglish } from '../i18n';
import { MESSAGE_SECONDS } from './notify';
import { queryClient } from './query-client';
import { setUpRequest } from './request-setup';
import { router } from './router';

setUpRequest();

/** antd follows the i18next language, the theme's primary colour and the system's motion setting. */
export function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const themeName = useThemeStore((s) => s.settings.themeName);
  const primary = PALETTES[themeName].primary;
  const reducedMotion = usePrefersReducedMotion();
  // CSS outside antd (shell, progress bar) reads the primary colour from this variable.
  useEffect(() => document.documentElement.style.setProperty('--hl-primary', primary), [primary]);
  return (
    <ConfigProvider
      locale={isEnglish(i18n.language) ? enUS : zhCN}
      theme={{
        token: {
          colorPrimary: primary,
          colorLink: primary,
          borderRadius: 6,
          // The system's "reduce motion" setting: no opening, closing or sliding animations.
          motion: !reducedMotion,
          // WCAG AA contrast (4.5:1) for text antd draws in these colours: badges and error
          // texts (white on red), secondary and description texts (on white and light grey).
          colorError: '#d4380d',
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
        },
        components: {
          Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0,0,0,0.18)' },
          // Below dropdown menus (1050): the hint of a neighbouring header button must never
          // cover the items of an open menu (it did, and swallowed clicks on them).
          Tooltip: { zIndexPopup: 1040 },
          // an unchecked switch's label is white on this grey: 4.5:1 (antd's is 1.8:1)
          Switch: {
            colorTextQuaternary: 'rgba(0, 0, 0, 0.55)',
            colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
          },
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
