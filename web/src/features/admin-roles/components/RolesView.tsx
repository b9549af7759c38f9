import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleTitle } from '@hotline/domain';
import { isEnglish } from '../../../i18n';
import { errorText, useDialog } from '../../admin-org';
import { refreshRoles, roleApi, rolesQuery, type Role } from '../api';
import { RoleDrawer, type RoleDrawerMode } from './RoleDrawer';
import '../admin-roles.css';

/** 角色权限: the roles with their permission and user counts; built-in ones read-only. */
export function RolesView({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const { message } = App.useApp();
  const client = useQueryClient();
  const roles = useQuery(rolesQuery());
  const drawer = useDialog<RoleDrawerMode>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const remove = async (role: Role) => {
    setRefusal(null);
    setDeleting(role.id);
    try {
      await roleApi.remove(role.id);
      void message.success(t('adminOrg.roles.deleted'));
      await refreshRoles(client);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setDeleting(null);
    }
  };

  const saved = async (_role: Role, mode: RoleDrawerMode) => {
    drawer.close();
    void message.success(
      mode.type === 'create' ? t('adminOrg.roles.created') : t('adminOrg.common.saved'),
    );
    await refreshRoles(client);
  };

  const columns: ColumnsType<Role> = [
    {
      key: 'title',
      title: t('adminOrg.roles.roleTitle'),
      dataIndex: 'title',
      render: (text: string, role) => (
        <Space size={4} wrap>
          <span>{roleTitle(text, english)}</span>
          {role.builtin ? <Tag color="gold">{t('adminOrg.roles.builtin')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'name', title: t('adminOrg.roles.name'), dataIndex: 'name' },
    {
      key: 'rules',
      title: t('adminOrg.roles.rules'),
      align: 'right',
      render: (_: unknown, role) => role.rules.length,
    },
    { key: 'users', title: t('adminOrg.roles.users'), dataIndex: 'userCount', align: 'right' },
    {
      key: 'actions',
      title: t('adminOrg.common.actions'),
      render: (_: unknown, role) =>
        role.builtin ? (
          <Button size="small" onClick={() => drawer.open({ type: 'edit', role })}>
            {t('adminOrg.roles.view')}
          </Button>
        ) : (
          <Space size={4}>
            <Button size="small" onClick={() => drawer.open({ type: 'edit', role })}>
              {t('adminOrg.common.edit')}
            </Button>
            <Popconfirm
              title={t('adminOrg.roles.deleteConfirm', { title: role.title })}
              okText={t('adminOrg.common.ok')}
              cancelText={t('adminOrg.common.cancel')}
              okButtonProps={{ danger: true }}
              // not returned: the pop-up closes at once and the button shows the wait
              onConfirm={() => void remove(role)}
            >
              <Button size="small" danger disabled={deleting === role.id}>
                {t('adminOrg.common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={title || t('adminOrg.roles.title')}
      data-testid="roles-page"
      extra={
        <Space size={4} wrap>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => drawer.open({ type: 'create' })}
          >
            {t('adminOrg.roles.create')}
          </Button>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('adminOrg.common.refresh')}
            title={t('adminOrg.common.refresh')}
            onClick={() => void roles.refetch()}
          />
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('adminOrg.roles.menuHint')} className="hl-roles-hint" />
      {roles.error ? (
        <Alert
          type="error"
          showIcon
          title={t('adminOrg.common.loadError')}
          description={errorText(roles.error)}
          action={
            <Button onClick={() => void roles.refetch()}>{t('adminOrg.common.retry')}</Button>
          }
          className="hl-roles-refusal"
        />
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          className="hl-roles-refusal"
          data-testid="roles-refusal"
        />
      ) : null}
      <Table<Role>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        onRow={(role) => ({ 'data-role': role.name }) as React.HTMLAttributes<HTMLElement>}
        footer={() => t('adminOrg.roles.total', { total: roles.data?.total ?? 0 })}
      />
      <RoleDrawer key={drawer.key} mode={drawer.mode} onDone={saved} onClose={drawer.close} />
    </Card>
  );
}
