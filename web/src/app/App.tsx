import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { useTranslation } from 'react-i18next';
import { isEnglish } from '../i18n';
import { router } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** antd follows the i18next language (component texts, date formats). */
export function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={isEnglish(i18n.language) ? enUS : zhCN}>
      <AntdApp message={{ duration: 3 }}>{children}</AntdApp>
    </ConfigProvider>
  );
}

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocalizedAntd>
        <RouterProvider router={router} />
      </LocalizedAntd>
    </QueryClientProvider>
  );
}
