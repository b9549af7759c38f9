import { Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleTitle, formatCst } from '@hotline/domain';
import { isEnglish } from '../../../i18n';
import { useIsMobile } from '../../../hooks/use-mobile';
import type { AdminUser } from '../api';
import { userStatus } from '../user-rules';
import { UserRowActions, type RowActionHandlers } from './UserRowActions';

const TIME = 'YYYY-MM-DD HH:mm';

/** A user's status as a tag: 正常 / 停用 / 锁定至 time (and a note when a change is due). */
export function StatusTag({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const status = userStatus(user);
  const main =
    status === 'disabled' ? (
      <Tag color="default">{t('adminUsers.status.disabled')}</Tag>
    ) : status === 'locked' ? (
      <Tag color="orange">
        {t('adminUsers.status.lockedUntil', { time: formatCst(user.lockedUntil, TIME) })}
      </Tag>
    ) : (
      <Tag color="green">{t('adminUsers.status.active')}</Tag>
    );
  return (
    <Space size={4} wrap={false}>
      {main}
      {user.mustChangePassword && status !== 'disabled' && (
        <Tooltip title={t('adminUsers.status.mustChangeHint')}>
          <Tag color="blue">{t('adminUsers.status.mustChange')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export interface UserTableProps extends RowActionHandlers {
  users: readonly AdminUser[];
  loading: boolean;
  /** Filters are set: the empty text says so. */
  filtered: boolean;
  pagination: { current: number; pageSize: number; total: number };
  onPage: (pageNo: number, pageSize: number) => void;
}

/** The user list; scrolls sideways inside its box on a narrow screen. */
export function UserTable({
  users,
  loading,
  filtered,
  pagination,
  onPage,
  ...actions
}: UserTableProps) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  // the actions stay in view on a wide screen; on a phone the whole row scrolls
  const mobile = useIsMobile();
  return (
    <Table<AdminUser>
      size="middle"
      rowKey="id"
      loading={loading}
      dataSource={[...users]}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                {t('adminUsers.list.empty')}
                <br />
                <Typography.Text type="secondary">
                  {filtered ? t('adminUsers.list.emptyHint') : null}
                </Typography.Text>
              </>
            }
          />
        ),
      }}
      pagination={{
        current: pagination.current,
        pageSize: pagination.pageSize,
        total: pagination.total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminUsers.toolbar.total', { total }),
        onChange: onPage,
      }}
      columns={[
        {
          title: t('adminUsers.columns.username'),
          dataIndex: 'username',
          key: 'username',
          render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
        },
        { title: t('adminUsers.columns.realname'), dataIndex: 'realname', key: 'realname' },
        {
          title: t('adminUsers.columns.mobile'),
          key: 'mobile',
          render: (_, u) => u.mobile ?? '—',
        },
        { title: t('adminUsers.columns.unit'), dataIndex: 'unitName', key: 'unit' },
        {
          title: t('adminUsers.columns.roles'),
          key: 'roles',
          render: (_, u) =>
            u.groupTitles.length > 0 ? (
              <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
                {u.groupTitles.map((title) => (
                  <Tag key={title}>{roleTitle(title, english)}</Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('adminUsers.noRoles')}</Typography.Text>
            ),
        },
        {
          title: t('adminUsers.columns.admin'),
          key: 'admin',
          render: (_, u) =>
            u.isAdmin ? (
              <Tag color="gold">{t('adminUsers.admin.yes')}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('adminUsers.admin.no')}</Typography.Text>
            ),
        },
        {
          title: t('adminUsers.columns.status'),
          key: 'status',
          render: (_, u) => <StatusTag user={u} />,
        },
        {
          title: t('adminUsers.columns.lastLogin'),
          key: 'lastLogin',
          render: (_, u) =>
            u.lastLoginAt ? (
              formatCst(u.lastLoginAt, TIME)
            ) : (
              <Typography.Text type="secondary">{t('adminUsers.neverLoggedIn')}</Typography.Text>
            ),
        },
        {
          title: t('adminUsers.columns.actions'),
          key: 'actions',
          ...(mobile ? {} : { fixed: 'right' as const }),
          render: (_, u) => <UserRowActions user={u} {...actions} />,
        },
      ]}
    />
  );
}
