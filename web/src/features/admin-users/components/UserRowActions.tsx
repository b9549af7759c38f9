import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  refreshUsers,
  disableUser,
  enableUser,
  resetPassword,
  unlockUser,
  type AdminUser,
} from '../api';
import { userStatus } from '../user-rules';

export interface RowActionHandlers {
  onEdit: (user: AdminUser) => void;
  onSessions: (user: AdminUser) => void;
  /** A reset password: the page shows it once. */
  onPassword: (user: AdminUser, oneTimePassword: string) => void;
}

/**
 * A row's actions: edit, disable / enable (confirmed), unlock when locked, and a "more" menu
 * (reset password, sessions) that keeps the column narrow on a phone. A refusal (the last
 * administrator, yourself) is shown as the server's message.
 */
export function UserRowActions({
  user,
  onEdit,
  onSessions,
  onPassword,
}: { user: AdminUser } & RowActionHandlers) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const name = user.realname || user.username;
  const status = userStatus(user);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      refreshUsers(queryClient);
    }
  };

  const confirmReset = () =>
    modal.confirm({
      title: t('adminUsers.actions.resetConfirm', { name }),
      content: t('adminUsers.actions.resetHint'),
      okText: t('adminUsers.actions.ok'),
      cancelText: t('adminUsers.actions.cancel'),
      onOk: async () => {
        try {
          const { oneTimePassword } = await resetPassword(user.id);
          onPassword(user, oneTimePassword);
          refreshUsers(queryClient);
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });

  return (
    <Space
      size={0}
      role="group"
      className="hl-users-actions"
      aria-label={t('adminUsers.actions.label', { name })}
    >
      <Button type="link" size="small" onClick={() => onEdit(user)}>
        {t('adminUsers.actions.edit')}
      </Button>
      {user.disabled ? (
        <Popconfirm
          title={t('adminUsers.actions.enableConfirm', { name })}
          okText={t('adminUsers.actions.ok')}
          cancelText={t('adminUsers.actions.cancel')}
          onConfirm={() =>
            run(() => enableUser(user.id), t('adminUsers.actions.enabled', { name }))
          }
        >
          <Button type="link" size="small">
            {t('adminUsers.actions.enable')}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={t('adminUsers.actions.disableConfirm', { name })}
          description={t('adminUsers.actions.disableHint')}
          okText={t('adminUsers.actions.ok')}
          okButtonProps={{ danger: true }}
          cancelText={t('adminUsers.actions.cancel')}
          onConfirm={() =>
            run(() => disableUser(user.id), t('adminUsers.actions.disabled', { name }))
          }
        >
          <Button type="link" size="small" danger>
            {t('adminUsers.actions.disable')}
          </Button>
        </Popconfirm>
      )}
      {status === 'locked' && (
        <Popconfirm
          title={t('adminUsers.actions.unlockConfirm', { name })}
          description={t('adminUsers.actions.unlockHint')}
          okText={t('adminUsers.actions.ok')}
          cancelText={t('adminUsers.actions.cancel')}
          onConfirm={() =>
            run(() => unlockUser(user.id), t('adminUsers.actions.unlocked', { name }))
          }
        >
          <Button type="link" size="small">
            {t('adminUsers.actions.unlock')}
          </Button>
        </Popconfirm>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'reset', label: t('adminUsers.actions.resetPassword') },
            { key: 'sessions', label: t('adminUsers.actions.sessions') },
          ],
          onClick: ({ key }) => {
            if (key === 'reset') confirmReset();
            else onSessions(user);
          },
        }}
      >
        <Button type="link" size="small" aria-haspopup="menu">
          {t('adminUsers.actions.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}
