import { useMemo, useState } from 'react';
import { Avatar, Card, Col, Empty, Row, Tag, Tooltip, Typography } from 'antd';
import { RightOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COUNTED_QUEUES } from '@hotline/domain';
import type { PageProps } from '../page-props';
import { useSession } from '../../app/route-table';
import { useBadgeStore } from '../../features/menu/badge-store';
import { MenuIcon } from '../../features/menu/icons';
import { menuTitle, type RouteEntry } from '../../features/menu/routes';
import { isEnglish } from '../../i18n';
import { greetingKey } from '../../lib/greeting';
import './index.css';

interface QueueGroup {
  title: string;
  icon: string;
  queues: RouteEntry[];
}

/** Groups the user's queue routes under their menu group. */
function queueGroups(table: readonly RouteEntry[], english: boolean): QueueGroup[] {
  const groups = new Map<string, QueueGroup>();
  for (const route of table) {
    if (route.component !== 'workorder/queue' || route.meta.hidden) continue;
    const parent = route.trail[route.trail.length - 2];
    const key = parent?.path ?? '';
    const title = parent ? (english && parent.titleEn) || parent.title : '';
    const group = groups.get(key) ?? { title, icon: route.parentIcon, queues: [] };
    group.queues.push(route);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Home: greeting by hour, the user's account, and their queues with their counts. */
export default function HomePage(_props: PageProps) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const navigate = useNavigate();
  const { user, table } = useSession();
  const counts = useBadgeStore((s) => s.counts);
  const [hour] = useState(() => new Date().getHours());
  const groups = useMemo(() => queueGroups(table ?? [], english), [table, english]);
  if (!user) return null;

  return (
    <div className="hl-home">
      <Card className="hl-welcome" variant="borderless">
        <div className="hl-welcome-row">
          <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} />
          <div className="hl-welcome-text">
            <Typography.Title level={3}>
              {t('home.greetingLine', {
                greeting: t(`greeting.${greetingKey(hour)}`),
                name: user.realname,
              })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('home.welcome')}</Typography.Text>
          </div>
          <dl className="hl-welcome-facts">
            <div>
              <dt>{t('home.unit')}</dt>
              <dd>{user.info?.officeName || '—'}</dd>
            </div>
            <div>
              <dt>{t('home.username')}</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>{t('home.roles')}</dt>
              <dd>
                {user.roles.length > 0
                  ? user.roles.map((role) => (
                      <Tag key={role} color="blue" data-role={role}>
                        {t(`home.roleNames.${role as 'admin'}`, { defaultValue: role })}
                      </Tag>
                    ))
                  : '—'}
              </dd>
            </div>
          </dl>
        </div>
      </Card>
      {groups.length === 0 ? (
        <Card className="hl-page-card" title={t('home.queues')}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noQueues')} />
        </Card>
      ) : (
        groups.map((group) => (
          <Card
            key={group.title}
            className="hl-page-card"
            title={
              <span>
                <MenuIcon name={group.icon} /> {group.title}
              </span>
            }
          >
            <Row gutter={[16, 16]}>
              {group.queues.map((route) => {
                const id = route.meta.menuId ?? '';
                const count = counts[id];
                return (
                  <Col key={route.path} xs={12} sm={8} md={6} xl={4}>
                    <button
                      type="button"
                      className="hl-queue-tile"
                      data-queue={id}
                      onClick={() => void navigate(route.path)}
                    >
                      <span className="hl-queue-name">{menuTitle(route, english)}</span>
                      {/* a personal list (my intake) has no count */}
                      {!COUNTED_QUEUES.includes(id) ? null : count === undefined ? (
                        <Tooltip title={t('home.countPending')}>
                          <span className="hl-queue-value is-empty">—</span>
                        </Tooltip>
                      ) : (
                        <span className="hl-queue-value">{count}</span>
                      )}
                      <RightOutlined className="hl-queue-go" />
                    </button>
                  </Col>
                );
              })}
            </Row>
          </Card>
        ))
      )}
    </div>
  );
}
