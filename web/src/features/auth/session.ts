import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearAllStorage } from '../../lib/storage';
import { fetchUserInfo, logoutRequest } from './api';

/** Queries that belong to the logged-in user; dropped on login and logout. */
export const SESSION_QUERY_KEY = ['session'] as const;
export const USER_INFO_QUERY_KEY = [...SESSION_QUERY_KEY, 'userInfo'] as const;

export function useUserInfo() {
  return useQuery({ queryKey: USER_INFO_QUERY_KEY, queryFn: fetchUserInfo, staleTime: Infinity });
}

/**
 * Ends the session: tells the server, clears all local storage (spec section 4), goes to
 * /login and forgets the user's cached queries.
 */
export function useLogout(): (options?: { notifyServer?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ notifyServer = true } = {}) => {
      if (notifyServer) await logoutRequest();
      clearAllStorage();
      await navigate('/login', { replace: true });
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
    },
    [navigate, queryClient],
  );
}
