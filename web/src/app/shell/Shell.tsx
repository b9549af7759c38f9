import { useCallback, useEffect, useMemo, useState } from 'react';
import { Spin, Watermark } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasRule, formatCst } from '@hotline/domain';
import { aclOf, type UserInfo } from '../../features/auth/api';
import { badgesFromMenu, useBadgeStore } from '../../features/menu/badge-store';
import type { MenuNode } from '../../features/menu/api';
import { MenuIcon } from '../../features/menu/icons';
import {
  homeRoute,
  matchRoute,
  menuTitle,
  shownRoot,
  type RouteEntry,
} from '../../features/menu/routes';
import { noticeDots, useNoticesStore, type NoticeItem } from '../../features/notices/notices-store';
import { TabsBar } from '../../features/tabs/components/TabsBar';
import { tabUrl, type TabAction } from '../../features/tabs/tab-rules';
import { useTabsStore } from '../../features/tabs/tabs-store';
import { ThemeDrawer } from '../../features/theme/components/ThemeDrawer';
import { OrderDialogHost } from '../../features/order-detail/components/OrderDialogHost';
import { openOrder } from '../../lib/order-bus';
import { PushChannel } from '../../features/push/components/PushChannel';
import { PALETTES } from '../../features/theme/palettes';
import { effectiveLayout, randomSkin, settingEnabled } from '../../features/theme/settings';
import { useSettings, useThemeStore } from '../../features/theme/theme-store';
import { useIsMobile } from '../../hooks/use-mobile';
import { useDocumentTitle, useWebConfig, useWebsiteName } from '../../hooks/use-web-config';
import { isEnglish } from '../../i18n';
import { PageSpin } from '../PageSpin';
import { queryClient } from '../query-client';
import { useSession } from '../route-table';
import { Crumbs } from './Crumbs';
import { Footer } from './Footer';
import { HeaderTools } from './HeaderTools';
import { ORDERS_PATH } from '../../features/search/api';
import { LAYOUT_COMPONENTS } from './layouts';
import { queryOf, useTabsSync } from './use-tabs-sync';
import { ViewHost } from './ViewHost';

/** The console shell for every server-driven route. */
export function Shell() {
  const { user, menu, table } = useSession();
  if (!user || !menu || !table) return <PageSpin />;
  return <ShellFrame user={user} menu={menu} table={table} />;
}

function ShellFrame({
  user,
  menu,
  table,
}: {
  user: UserInfo;
  menu: MenuNode[];
  table: RouteEntry[];
}) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useSettings();
  const setSettings = useThemeStore((s) => s.set);
  const mobile = useIsMobile();
  const layout = effectiveLayout(settings, mobile);
  const [collapsed, setCollapsed] = useState(mobile);
  useEffect(() => setCollapsed(mobile), [mobile]);
  const [themeOpen, setThemeOpen] = useState(false);
  const [skinLoading, setSkinLoading] = useState(false);
  const websiteName = useWebsiteName() ?? t('app.defaultTitle');
  const config = useWebConfig().data;
  // 系统配置 is_watermark: every page of everyone's console carries who is looking, and when
  const siteWatermark = config?.is_watermark === '1';

  const counts = useBadgeStore((s) => s.counts);
  const seed = useBadgeStore((s) => s.seed);
  useEffect(() => seed(badgesFromMenu(menu)), [menu, seed]);
  const notices = useNoticesStore((s) => s.items);
  const labels = useMemo(
    () => ({
      english,
      counts,
      dots: noticeDots(notices),
      cap: config?.is_has_badge_99 === '1' ? 99 : Number.MAX_SAFE_INTEGER,
    }),
    [english, counts, notices, config?.is_has_badge_99],
  );

  const match = useMemo(() => matchRoute(table, location.pathname), [table, location.pathname]);
  const [lastRoot, setLastRoot] = useState<MenuNode>();
  const routePath = match?.route.path;
  const activeRoot = useMemo(
    () => (routePath === undefined ? undefined : shownRoot(menu, routePath, lastRoot)),
    [menu, routePath, lastRoot],
  );
  useEffect(() => {
    if (activeRoot && !activeRoot.meta.hidden) setLastRoot(activeRoot);
  }, [activeRoot]);
  const home = useMemo(() => homeRoute(table), [table]);
  useTabsSync(match, location, home);
  useDocumentTitle(match ? menuTitle(match.route, english) : undefined);
  const { tabs, cached, reloads, dispatch, reload } = useTabsStore();
  const activeQuery = useMemo(() => queryOf(location.search), [location.search]);

  const acl = aclOf(user);
  const has = useCallback(
    (rules: string) => acl.admin || hasRule(user.permissions, rules),
    [acl.admin, user.permissions],
  );
  const searchEntries = useMemo(
    () =>
      table
        .filter((r) => !r.meta.hidden && !r.path.includes(':'))
        .map((r) => ({ title: menuTitle(r, english), url: `#${r.path}` })),
    [table, english],
  );

  if (!match) return <Navigate to="/404" replace />;
  const activePath = location.pathname;
  const go = (path: string) => void navigate(path);
  const onTabAction = (action: TabAction) => {
    const result = dispatch(action, activePath);
    if (result.navigateTo) go(result.navigateTo);
  };
  const onViewNotice = (item: NoticeItem) =>
    openOrder({ id: Number(item.assignId), orderNum: item.orderNum, menuId: item.menuId });
  const onRandomSkin = () => {
    setSkinLoading(true);
    setSettings(randomSkin(settings, mobile));
    setTimeout(() => setSkinLoading(false), 1000);
  };
  const effective = { ...settings, layout };
  const palette = PALETTES[settings.themeName];
  const Layout = LAYOUT_COMPONENTS[layout];

  const view = (
    <>
      {/* the page's title as its heading (the tab bar and breadcrumb show it already) */}
      <h1 className="hl-sr-only">{menuTitle(match.route, english)}</h1>
      <ViewHost
        table={table}
        cached={cached}
        activePath={activePath}
        tabs={tabs}
        reloads={reloads}
        activeQuery={activeQuery}
      />
    </>
  );
  return (
    <div
      className={`hl-shell hl-theme-${settings.themeName} ${palette.dark ? 'is-dark' : 'is-light'}`}
      data-theme={settings.themeName}
    >
      <Layout
        menu={menu}
        activeKey={match.route.path}
        activeRoot={activeRoot}
        labels={labels}
        palette={palette}
        settings={effective}
        patterned={
          settings.background === 'vab-background' &&
          settingEnabled('background', effective, mobile)
        }
        mobile={mobile}
        collapsed={collapsed}
        onToggle={() => setCollapsed((c) => !c)}
        navigate={go}
        websiteName={websiteName}
        tools={
          <HeaderTools
            user={user}
            has={has}
            searchEntries={searchEntries}
            searchesOrders={table.some((r) => r.path === ORDERS_PATH)}
            onNavigate={go}
            onViewNotice={onViewNotice}
            onRefresh={() => {
              reload(activePath);
              void queryClient.invalidateQueries({ queryKey: ['session', 'menu'] });
            }}
            onOpenTheme={() => setThemeOpen(true)}
          />
        }
        crumbs={<Crumbs route={match.route} homePath={home?.path ?? '/'} english={english} />}
        tabs={(leading) =>
          settings.showTabs ? (
            <TabsBar
              tabs={tabs}
              activePath={activePath}
              showIcon={settings.showTabsIcon}
              barStyle={settings.tabsBarStyle}
              renderIcon={(name) => <MenuIcon name={name} />}
              onSelect={(tab) => go(tabUrl(tab))}
              onAction={onTabAction}
              onReload={reload}
              leading={leading}
            />
          ) : null
        }
        content={
          siteWatermark || settings.setWaterMarkStatus ? (
            <Watermark
              content={
                siteWatermark
                  ? [user.realname, user.username, formatCst(Date.now(), 'YYYY-MM-DD')]
                  : [user.realname, user.username]
              }
              className={siteWatermark ? 'hl-watermark hl-watermark-site' : 'hl-watermark'}
              // room for the date line (the default 120 px cuts it)
              {...(siteWatermark ? { width: 160, height: 80 } : {})}
            >
              {view}
            </Watermark>
          ) : (
            view
          )
        }
        footer={<Footer websiteName={websiteName} />}
      />
      <ThemeDrawer
        open={themeOpen}
        onClose={() => setThemeOpen(false)}
        mobile={mobile}
        has={has}
        onRandomSkin={onRandomSkin}
      />
      <OrderDialogHost />
      <PushChannel />
      {skinLoading ? <Spin fullscreen size="large" tip={t('theme.skinLoading')} /> : null}
    </div>
  );
}
