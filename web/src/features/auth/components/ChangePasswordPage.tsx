import { Alert, App, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  type PasswordProblem,
} from '@hotline/domain';
import { useDocumentTitle } from '../../../hooks/use-web-config';
import { RequestError } from '../../../lib/request';
import { changePassword, passwordPolicyQuery, userInfoQuery } from '../api';
import { AuthFrame } from './AuthFrame';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = ['oldPassword', 'newPassword'] as const;

/** The form's text for each rule of the domain's password policy. */
const PROBLEM_TEXT = {
  'password.tooShort': 'account.tooShort',
  'password.tooLong': 'account.tooLong',
  'password.tooSimple': 'account.tooSimple',
  'password.likeUsername': 'account.likeUsername',
  'password.sameAsOld': 'account.sameAsOld',
} as const satisfies Record<PasswordProblem['key'], string>;

/** "newPassword：密码至少 8 位" → the field and its message (the server names the field). */
export function fieldOfMessage(
  message: string,
): { field: (typeof FIELDS)[number]; text: string } | null {
  const match = /^(\w+)\s*[:：]\s*(.+)$/s.exec(message);
  const field = FIELDS.find((f) => f === match?.[1]);
  return field && match?.[2] ? { field, text: match[2] } : null;
}

/**
 * /password: change one's own password. A user who signed in with a one-time password is kept
 * here by the guard until it is changed (the server refuses everything else meanwhile); others
 * come from the user menu. The hints and the checks follow the server's policy; the server
 * checks again and names the field it refuses. Done: the console opens its home page.
 */
export function ChangePasswordPage({
  onLogout,
}: {
  onLogout: (leave: () => unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const user = useQuery(userInfoQuery).data;
  const policy = useQuery(passwordPolicyQuery).data;
  const forced = user?.mustChangePassword === true;
  const minLength = policy?.minLength ?? DEFAULT_PASSWORD_POLICY.minLength;
  const classes = policy?.classes ?? DEFAULT_PASSWORD_POLICY.classes;
  const maxLength = policy?.maxLength ?? PASSWORD_MAX_LENGTH;

  const change = useMutation({
    mutationFn: (values: Values) =>
      changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
    onSuccess: async () => {
      void message.success(t('account.changed'));
      // The user (no longer mustChangePassword) and the menu are read afresh on the way home.
      queryClient.removeQueries({ queryKey: ['session'] });
      await navigate('/', { replace: true });
    },
    onError: (error) => {
      if (error instanceof RequestError && error.notified) return;
      const named = fieldOfMessage(error.message);
      if (named) form.setFields([{ name: named.field, errors: [named.text] }]);
      else void message.error(error.message);
    },
  });

  const checkNew = (value: string | undefined): Promise<void> => {
    if (!value) return Promise.reject(new Error(t('account.newRequired')));
    const old = form.getFieldValue('oldPassword') as string | undefined;
    const problem = passwordProblem(
      value,
      { minLength, classes },
      { ...(user ? { username: user.username } : {}), ...(old ? { oldPassword: old } : {}) },
    );
    if (!problem) return Promise.resolve();
    return Promise.reject(new Error(t(PROBLEM_TEXT[problem.key], { ...problem.params })));
  };

  const leave = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <AuthFrame subtitle={t('account.title')}>
      {forced ? (
        <Alert
          className="hl-password-notice"
          type="warning"
          showIcon
          message={t('account.forcedNotice')}
          data-testid="password-forced"
        />
      ) : null}
      {user ? (
        <p className="hl-password-who">
          {t('account.who', { realname: user.realname, username: user.username })}
        </p>
      ) : null}
      <div className="hl-password-rules" aria-label={t('account.rulesTitle')}>
        <span>{t('account.rulesTitle')}</span>
        <ul>
          <li>{t('account.ruleLength', { min: minLength, max: maxLength })}</li>
          <li>{t('account.ruleClasses', { classes })}</li>
          <li>{t('account.ruleNotUsername')}</li>
          <li>{t('account.ruleNotOld')}</li>
        </ul>
      </div>
      <Form<Values>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        disabled={change.isPending}
        onFinish={(values) => change.mutate(values)}
      >
        <Form.Item
          name="oldPassword"
          label={t('account.oldPassword')}
          rules={[{ required: true, message: t('account.oldRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            autoFocus
            maxLength={200}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.newPassword')}
          dependencies={['oldPassword']}
          rules={[{ validator: (_, value: string | undefined) => checkNew(value) }]}
        >
          <Input.Password prefix={<SafetyOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('account.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.mismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<SafetyOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={change.isPending}>
            {t('account.submit')}
          </Button>
        </Form.Item>
      </Form>
      <p className="hl-auth-more">
        {forced ? (
          <Button
            type="link"
            onClick={() => void onLogout(() => navigate('/login', { replace: true }))}
          >
            {t('account.logout')}
          </Button>
        ) : (
          <Button type="link" onClick={leave}>
            {t('account.back')}
          </Button>
        )}
      </p>
    </AuthFrame>
  );
}
