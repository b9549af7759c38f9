import { formatCst } from '@hotline/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  refreshUsers,
  endSession,
  userDetailQuery,
  type AdminUser,
  type UserSession,
} from '../api';
import { clientName } from '../user-rules';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const METHODS = ['password', 'sms', 'sso'] as const;

/** A user's active sessions, each with "end session"; the caller's own one is marked. */
export function SessionsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const name = user ? user.realname || user.username : '';
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={t('adminUsers.sessions.title', { name })}
      size="min(480px, 100vw)"
      destroyOnHidden
    >
      {user && <SessionList user={user} />}
    </Drawer>
  );
}

function SessionList({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery(userDetailQuery(user.id));

  const end = async (session: UserSession) => {
    try {
      const detail = await endSession(user.id, session.id);
      queryClient.setQueryData(userDetailQuery(user.id).queryKey, detail);
      void message.success(t('adminUsers.sessions.ended'));
    } catch (error) {
      void message.error((error as Error).message);
      await queryClient.invalidateQueries({ queryKey: userDetailQuery(user.id).queryKey });
    }
    refreshUsers(queryClient);
  };

  const method = (m: string) =>
    (METHODS as readonly string[]).includes(m)
      ? t(`adminUsers.sessions.methods.${m as (typeof METHODS)[number]}`)
      : m;

  if (query.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('adminUsers.sessions.loadError')}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('adminUsers.list.retry')}
          </Button>
        }
      />
    );
  }
  const lastLogin = query.data.lastLoginAt;
  // the caller's own session first, then the newest
  const sessions = [...query.data.sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <>
      {lastLogin && (
        <Typography.Paragraph type="secondary">
          {t('adminUsers.sessions.lastLogin', { time: formatCst(lastLogin, TIME) })}
        </Typography.Paragraph>
      )}
      {sessions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminUsers.sessions.empty')} />
      ) : (
        <ul
          aria-label={t('adminUsers.sessions.title', { name: user.realname || user.username })}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {sessions.map((s) => (
            <li key={s.id} className="hl-users-session">
              <Card
                size="small"
                title={
                  <Typography.Text ellipsis title={s.userAgent}>
                    {clientName(s.userAgent)}
                  </Typography.Text>
                }
                extra={
                  <Popconfirm
                    title={t('adminUsers.sessions.endConfirm')}
                    okText={t('adminUsers.actions.ok')}
                    cancelText={t('adminUsers.actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => end(s)}
                  >
                    <Button size="small" danger>
                      {t('adminUsers.sessions.end')}
                    </Button>
                  </Popconfirm>
                }
              >
                {s.current && (
                  <Tag color="blue" style={{ marginBottom: 8 }}>
                    {t('adminUsers.sessions.current')}
                  </Tag>
                )}
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'ip', label: t('adminUsers.sessions.ip'), children: s.ip || '—' },
                    {
                      key: 'method',
                      label: t('adminUsers.sessions.method'),
                      children: method(s.method),
                    },
                    {
                      key: 'start',
                      label: t('adminUsers.sessions.start'),
                      children: formatCst(s.createdAt, TIME),
                    },
                    {
                      key: 'expiry',
                      label: t('adminUsers.sessions.expiry'),
                      children: formatCst(s.expiresAt, TIME),
                    },
                  ]}
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
