import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@hotline/domain';
import { loginByPassword } from '../api';
import { useLoginSuccess } from './use-login-success';

interface PasswordValues {
  username: string;
  password: string;
}

/** User name and password (RSA-encrypted when the server says so). */
export function PasswordForm() {
  const { t } = useTranslation();
  const onSuccess = useLoginSuccess();
  const login = useMutation({ mutationFn: loginByPassword, onSuccess });
  // Failures are shown by the request layer's toast.

  return (
    <Form<PasswordValues>
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
  );
}
