import { createHashRouter, Navigate } from 'react-router';
import { PageSpin } from './PageSpin';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/**
 * Hash routing (spec section 2). Each page is its own chunk: the login page does not carry
 * the home page's code and the other way round.
 */
export const router = createHashRouter([
  {
    id: 'root',
    HydrateFallback: PageSpin,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./HomePage')).HomePage }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
