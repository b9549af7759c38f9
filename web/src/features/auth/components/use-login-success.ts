import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { removeToken, setToken } from '../../../lib/storage';
import { tokenOf, type TokenReply } from '../api';

/** Where a login goes: the recorded `redirect` query when it is a console path, else /. */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  if (/^\/(login|sms|auth|scan|callback)(\?|$)/.test(redirect)) return '/';
  return redirect;
}

/**
 * Finishes any login: the reply must carry the token ("login interface abnormal, token not
 * returned"); the token is stored under `jsjb`, the previous user's queries are dropped and
 * the console opens the recorded route.
 */
export function useLoginSuccess(): (reply: TokenReply | null) => Promise<boolean> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return useCallback(
    async (reply) => {
      const token = tokenOf(reply);
      if (!token) {
        removeToken();
        void message.error(t('login.tokenMissing'));
        return false;
      }
      setToken(token);
      queryClient.removeQueries({ queryKey: ['session'] });
      await navigate(redirectTarget(params.get('redirect')), { replace: true });
      return true;
    },
    [message, navigate, params, queryClient, t],
  );
}
