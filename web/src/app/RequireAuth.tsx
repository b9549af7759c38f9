import { useEffect } from 'react';
import { App } from 'antd';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getToken } from '../lib/storage';
import { UserInfoFormatError } from '../features/auth/api';
import { useLogout, useUserInfo } from '../features/auth/session';
import { PageSpin } from './PageSpin';

/** Route guard: no token → /login; with a token the user info must load, else back to login. */
export function RequireAuth() {
  if (!getToken()) return <Navigate to="/login" replace />;
  return <SessionGate />;
}

function SessionGate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const userInfo = useUserInfo();
  const logout = useLogout();
  const error = userInfo.error;

  useEffect(() => {
    if (!error) return;
    const text = error instanceof UserInfoFormatError ? t('errors.userInfoInvalid') : error.message;
    void message.error(text, 3);
    void logout({ notifyServer: false });
  }, [error, logout, message, t]);

  if (!userInfo.isSuccess) return <PageSpin />;
  return <Outlet />;
}
