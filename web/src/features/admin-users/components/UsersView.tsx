import { useState } from 'react';
import { Alert, Button, Card, Flex, Space } from 'antd';
import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rolesQuery, unitsQuery, usersQuery, type AdminUser, type UserFilter } from '../api';
import { ImportUsersModal } from './ImportUsersModal';
import { OneTimePasswordModal, type ShownPassword } from './OneTimePasswordModal';
import { SessionsDrawer } from './SessionsDrawer';
import { UserFilters, type FilterValues } from './UserFilters';
import { UserFormDrawer, type FormTarget } from './UserFormDrawer';
import { UserTable } from './UserTable';
import '../admin-users.css';

const FIRST_PAGE = { pageNo: 1, pageSize: 20 };

/**
 * 用户管理: search and filter the users (server-side paging), create and edit them in a
 * drawer, disable / enable, reset passwords, unlock, look at and end sessions, import a file.
 */
export function UsersView({ title }: { title: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<UserFilter>(FIRST_PAGE);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [password, setPassword] = useState<ShownPassword | null>(null);

  const users = useQuery(usersQuery(filter));
  const units = useQuery(unitsQuery());
  const roles = useQuery(rolesQuery());
  const unitList = units.data?.list ?? [];
  const roleList = roles.data?.list ?? [];

  const applyFilter = (patch: Partial<FilterValues>) =>
    setFilter((current) => ({ ...current, ...patch, pageNo: 1 }));
  const filtered = Boolean(filter.keyword || filter.unitId || filter.groupId || filter.status);

  return (
    <Card title={title || t('adminUsers.title')} data-testid="admin-users-page">
      <UserFilters units={unitList} roles={roleList} onChange={applyFilter} />
      <Flex className="hl-users-toolbar" gap={8} wrap justify="flex-end">
        <Space wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ mode: 'create' })}
          >
            {t('adminUsers.toolbar.create')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('adminUsers.toolbar.import')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('adminUsers.toolbar.refresh')}
            title={t('adminUsers.toolbar.refresh')}
            loading={users.isFetching && !users.isPending}
            onClick={() => void users.refetch()}
          />
        </Space>
      </Flex>
      {users.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={t('adminUsers.list.loadError')}
          description={users.error.message}
          action={
            <Button size="small" onClick={() => void users.refetch()}>
              {t('adminUsers.list.retry')}
            </Button>
          }
        />
      )}
      <UserTable
        users={users.data?.list ?? []}
        loading={users.isFetching}
        filtered={filtered}
        pagination={{
          current: filter.pageNo,
          pageSize: filter.pageSize,
          total: users.data?.total ?? 0,
        }}
        onPage={(pageNo, pageSize) => setFilter((current) => ({ ...current, pageNo, pageSize }))}
        onEdit={(user) => setForm({ mode: 'edit', user })}
        onSessions={setSessionsOf}
        onPassword={(user, oneTimePassword) =>
          setPassword({
            kind: 'reset',
            username: user.username,
            realname: user.realname,
            password: oneTimePassword,
          })
        }
      />
      <UserFormDrawer
        target={form}
        units={unitList}
        roles={roleList}
        onClose={() => setForm(null)}
        onCreated={({ user, oneTimePassword }) =>
          setPassword({
            kind: 'created',
            username: user.username,
            realname: user.realname,
            password: oneTimePassword,
          })
        }
      />
      <SessionsDrawer user={sessionsOf} onClose={() => setSessionsOf(null)} />
      <ImportUsersModal open={importing} onClose={() => setImporting(false)} />
      <OneTimePasswordModal shown={password} onClose={() => setPassword(null)} />
    </Card>
  );
}
