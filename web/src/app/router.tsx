import { createHashRouter } from 'react-router';
import { guardLoader } from './guard';
import { PageSpin } from './PageSpin';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { logout } from './session';

/**
 * Hash routing (spec section 2). The root route's loader is the guard and runs before every
 * navigation. Public and test pages are routes of their own; every other path belongs to the
 * shell, which renders the server-driven page that matches it. Each page is its own chunk.
 */
export const router = createHashRouter([
  {
    id: 'root',
    loader: guardLoader,
    shouldRevalidate: () => true,
    Component: RootLayout,
    HydrateFallback: PageSpin,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('../features/auth/components/LoginPage')).LoginPage,
        }),
      },
      {
        path: 'track',
        lazy: async () => ({
          Component: (await import('../features/track/components/TrackPage')).TrackPage,
        }),
      },
      {
        path: 'sms',
        lazy: async () => ({
          Component: (await import('../features/auth/components/SmsPage')).SmsPage,
        }),
      },
      {
        path: 'auth',
        lazy: async () => ({
          Component: (await import('../features/auth/components/SsoPage')).SsoPage,
        }),
      },
      {
        path: 'scan',
        lazy: async () => {
          const { ExternalLoginPage } =
            await import('../features/auth/components/ExternalLoginPage');
          return { Component: () => <ExternalLoginPage method="scan" /> };
        },
      },
      {
        path: 'callback',
        lazy: async () => {
          const { ExternalLoginPage } =
            await import('../features/auth/components/ExternalLoginPage');
          return { Component: () => <ExternalLoginPage method="callback" /> };
        },
      },
      {
        // Not a menu entry: the guard keeps a user with a one-time password here.
        path: 'password',
        lazy: async () => {
          const { ChangePasswordPage } =
            await import('../features/auth/components/ChangePasswordPage');
          return { Component: () => <ChangePasswordPage onLogout={logout} /> };
        },
      },
      {
        path: 'nopa',
        lazy: async () => {
          const { NoPermissionPage } = await import('../features/auth/components/NoPermissionPage');
          return { Component: () => <NoPermissionPage kind="nopa" /> };
        },
      },
      {
        path: 'nopaml',
        lazy: async () => {
          const { NoPermissionPage } = await import('../features/auth/components/NoPermissionPage');
          return { Component: () => <NoPermissionPage kind="nopaml" /> };
        },
      },
      {
        path: '403',
        id: '403',
        lazy: async () => {
          const { ErrorPage } = await import('../pages/error-page');
          return { Component: () => <ErrorPage status={403} /> };
        },
      },
      {
        path: '404',
        id: '404',
        lazy: async () => {
          const { ErrorPage } = await import('../pages/error-page');
          return { Component: () => <ErrorPage status={404} /> };
        },
      },
      // Test pages: dev server and e2e build only (vite.config.ts); elsewhere they are unknown.
      ...(__TEST_PAGES__
        ? [
            {
              path: 'test/order-event',
              lazy: async () => ({
                Component: (await import('../pages/test/order-event')).default,
              }),
            },
            {
              path: 'test/order-modal',
              lazy: async () => ({
                Component: (await import('../pages/test/order-modal')).default,
              }),
            },
          ]
        : []),
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./shell/Shell')).Shell }),
      },
    ],
  },
]);
