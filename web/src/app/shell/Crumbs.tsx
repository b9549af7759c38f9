import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { RouteEntry } from '../../features/menu/routes';

/** The breadcrumb: home, then the route's ancestors and the route itself. */
export function Crumbs({
  route,
  homePath,
  english,
}: {
  route: RouteEntry;
  homePath: string;
  english: boolean;
}) {
  const items = route.trail
    .filter((c) => c.path !== homePath)
    .map((c, i, all) => ({
      key: c.path,
      title: (english && c.titleEn) || c.title,
      className: i === all.length - 1 ? 'is-current' : undefined,
    }));
  return (
    <Breadcrumb
      className="hl-crumbs"
      items={[
        {
          key: 'home',
          title: (
            <Link to={homePath} aria-label="home">
              <HomeOutlined />
            </Link>
          ),
        },
        ...items,
      ]}
    />
  );
}
