import { useMemo, useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Layout,
  Menu,
  Space,
  Spin,
  Tag,
  Typography,
  theme,
  type MenuProps,
} from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { greetingKey } from '../lib/greeting';
import { isEnglish } from '../i18n';
import { useLogout, useUserInfo } from '../features/auth/session';
import type { MenuNode } from './api';
import { LanguageSwitch } from './LanguageSwitch';
import { useDocumentTitle, useMenu, useWebConfig, useWebsiteName } from './queries';

type MenuItems = NonNullable<MenuProps['items']>;

function menuTitle(node: MenuNode, english: boolean): string {
  return (english && node.meta.titleEn) || node.meta.title || node.name;
}

/** The server's menu tree as antd Menu items; hidden entries are left out. */
function toMenuItems(nodes: MenuNode[], english: boolean, badgeCap: number): MenuItems {
  return nodes
    .filter((node) => !node.meta.hidden)
    .map((node) => {
      const title = menuTitle(node, english);
      const label = node.meta.badge ? (
        <Flex justify="space-between" align="center" gap={8}>
          <span>{title}</span>
          <Badge count={node.meta.badge} overflowCount={badgeCap} size="small" />
        </Flex>
      ) : (
        title
      );
      const children = toMenuItems(node.children, english, badgeCap);
      const key = String(node.id);
      return children.length > 0 ? { key, label, children } : { key, label };
    });
}

/**
 * Placeholder home after login: greeting, the user's unit and roles, and the menu tree the
 * server grants. The real console shell (layouts, tabs, work-order pages) replaces this later.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const english = isEnglish(i18n.language);
  const user = useUserInfo().data;
  const menu = useMenu();
  const webConfig = useWebConfig();
  const websiteName = useWebsiteName();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const [hour] = useState(() => new Date().getHours());
  useDocumentTitle(t('app.home'));

  const badgeCap = webConfig.data?.is_has_badge_99 === '1' ? 99 : Number.MAX_SAFE_INTEGER;
  const items = useMemo(
    () => toMenuItems(menu.data ?? [], english, badgeCap),
    [menu.data, english, badgeCap],
  );
  const openKeys = useMemo(
    () => items.flatMap((item) => (item && 'children' in item ? [String(item.key)] : [])),
    [items],
  );

  if (!user) return null;

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={248}
        theme="dark"
        breakpoint="lg"
        collapsedWidth={0}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Typography.Title
          level={5}
          ellipsis={{ tooltip: websiteName }}
          style={{ color: '#fff', margin: 0, padding: '20px 16px' }}
        >
          {websiteName}
        </Typography.Title>
        <nav aria-label={t('home.menu')}>
          {menu.isPending ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : menu.isError ? (
            <Alert
              type="error"
              showIcon
              style={{ margin: 12 }}
              title={t('home.menuLoadFailed')}
              description={menu.error.message}
            />
          ) : items.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={<span style={{ color: '#ffffffa6' }}>{t('home.menuEmpty')}</span>}
            />
          ) : (
            <Menu
              key={openKeys.join(',')}
              theme="dark"
              mode="inline"
              selectable={false}
              defaultOpenKeys={openKeys}
              items={items}
            />
          )}
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 24px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex justify="flex-end" align="center" gap={16} style={{ height: '100%' }}>
            <LanguageSwitch />
            <Space>
              <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
              <span>{user.realname}</span>
            </Space>
            <Button icon={<LogoutOutlined />} loading={loggingOut} onClick={() => void onLogout()}>
              {t('home.logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Flex vertical gap={16}>
            <Card>
              <Typography.Title level={3} style={{ marginTop: 0 }}>
                {t('home.greetingLine', {
                  greeting: t(`greeting.${greetingKey(hour)}`),
                  name: user.realname,
                })}
              </Typography.Title>
              <Descriptions
                column={{ xs: 1, md: 3 }}
                items={[
                  { key: 'username', label: t('home.username'), children: user.username },
                  { key: 'unit', label: t('home.unit'), children: user.info?.officeName || '—' },
                  {
                    key: 'roles',
                    label: t('home.roles'),
                    children:
                      user.roles.length > 0
                        ? user.roles.map((role) => (
                            <Tag key={role} color="blue">
                              {role}
                            </Tag>
                          ))
                        : '—',
                  },
                ]}
              />
            </Card>
            <Alert
              type="info"
              showIcon
              title={t('home.placeholder')}
              description={t('home.placeholderHint')}
            />
          </Flex>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary }}>
          © {new Date().getFullYear()} {websiteName}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
