import { App, Button, Flex, Form, Input, Skeleton, Typography, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@hotline/domain';
import { getToken, setToken } from '../../lib/storage';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { useDocumentTitle, useWebsiteName } from '../../app/queries';
import { loginByPassword, type LoginForm } from './api';
import { SESSION_QUERY_KEY } from './session';

export function LoginPage() {
  if (getToken()) return <Navigate to="/" replace />;
  return <LoginScreen />;
}

function LoginScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const websiteName = useWebsiteName();
  const { token: design } = theme.useToken();
  useDocumentTitle(t('login.pageTitle'));

  const login = useMutation({
    mutationFn: loginByPassword,
    onSuccess: async (data) => {
      const token = data?.token;
      if (typeof token !== 'string' || token === '') {
        void message.error(t('login.tokenMissing'), 3);
        return;
      }
      setToken(token);
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
      await navigate('/', { replace: true });
    },
    onError: (error) => void message.error(error.message, 3),
  });

  return (
    <Flex vertical style={{ minHeight: '100vh', background: design.colorBgLayout }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitch style={{ background: design.colorFillSecondary }} />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '0 16px 15vh' }}>
        <main
          style={{
            width: 400,
            maxWidth: '100%',
            padding: 32,
            background: design.colorBgContainer,
            borderRadius: design.borderRadiusLG,
            boxShadow: design.boxShadowTertiary,
          }}
        >
          {websiteName === undefined ? (
            <Skeleton.Input active block style={{ height: 38, marginBottom: 8 }} />
          ) : (
            <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
              {websiteName}
            </Typography.Title>
          )}
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('login.title')}
          </Typography.Paragraph>
          <Form<LoginForm>
            name="login"
            size="large"
            autoComplete="on"
            disabled={login.isPending}
            onFinish={(values) => login.mutate({ ...values, username: values.username.trim() })}
          >
            <Form.Item
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameEmpty') }]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.username')}
                aria-label={t('login.username')}
                autoComplete="username"
                autoFocus
              />
            </Form.Item>
            <Form.Item
              name="password"
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    isValidPassword(value ?? '')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('login.passwordShort'))),
                },
              ]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={login.isPending}>
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </main>
      </Flex>
    </Flex>
  );
}
