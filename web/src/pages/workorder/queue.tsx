import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { hasRule, listSources, QUEUE_FILTERS, RULES } from '@hotline/domain';
import type { PageProps } from '../page-props';
import { actorOf } from '../../features/auth/actor';
import { userInfoQuery } from '../../features/auth/api';
import { ExportDialog } from '../../features/export/components/ExportDialog';
import { OrderListView } from '../../features/order-list/components/OrderListView';
import { useSettings } from '../../features/theme/theme-store';
import { usePageTitle } from '../page-title';

/**
 * A work-order queue: one list component for every queue; the menu id (route meta) picks the
 * queue, the route's query holds the filter.
 */
export default function QueuePage(props: PageProps) {
  usePageTitle(props);
  const navigate = useNavigate();
  const user = useQuery(userInfoQuery).data;
  const settings = useSettings();
  const path = props.route.path;
  const onQuery = useCallback(
    (search: string) => void navigate({ pathname: path, search }, { replace: false }),
    [navigate, path],
  );
  const menuId = props.route.meta.menuId ?? undefined;
  // one object per user and queue: the filter bar resets its form when it changes
  const sources = useMemo(() => {
    const queue = menuId !== undefined && Object.hasOwn(QUEUE_FILTERS, menuId);
    return user ? listSources(actorOf(user), queue ? 'queue' : 'whole') : null;
  }, [user, menuId]);
  if (!user || !sources) return null;
  const admin = user.roles.includes('admin');
  const has = (rule: string) => admin || hasRule(user.permissions, rule);
  const canSupervise =
    (has(RULES.districtQuery) && has(RULES.case)) || has(RULES.review) || has(RULES.leader);
  return (
    <OrderListView
      menuId={menuId}
      query={props.query}
      onQuery={onQuery}
      username={user.username}
      isStreet={user.info.isStreet !== 0}
      defaultPageSize={settings.list_page_size}
      sources={sources}
      canSupervise={canSupervise}
      renderExport={(p) => <ExportDialog {...p} />}
    />
  );
}
