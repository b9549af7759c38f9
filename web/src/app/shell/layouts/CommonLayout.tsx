import { useTranslation } from 'react-i18next';
import { SideMenu } from '../../../features/menu/components/SideMenu';
import { Logo } from '../Logo';
import { FoldButton, Sider } from './parts';
import type { LayoutProps } from './types';

/**
 * Common: a full-width header on top (always fixed), the sidebar below it, and the fold button
 * at the start of the tab bar.
 */
export function CommonLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { palette, collapsed } = props;
  return (
    <div className="hl-layout hl-layout-common" data-layout="common" data-collapsed={collapsed}>
      <header
        className={`hl-topbar is-fixed ${palette.dark ? 'is-dark' : 'is-light'}`}
        style={{ background: palette.headerBg }}
      >
        <div className="hl-topbar-inner">
          <Logo name={props.websiteName} />
          <div className="hl-topbar-crumbs">{props.crumbs}</div>
          {props.tools}
        </div>
      </header>
      <div className="hl-common-body">
        <Sider
          className={`hl-sider${collapsed ? ' is-collapsed' : ''}`}
          palette={palette}
          patterned={props.patterned}
          label={t('layout.menu')}
        >
          <nav className="hl-sider-scroll" aria-label={t('layout.menu')}>
            <SideMenu
              nodes={props.menu}
              activePath={props.activeKey}
              ctx={props.labels}
              dark={palette.dark}
              collapsed={collapsed}
              onNavigate={props.navigate}
            />
          </nav>
        </Sider>
        <div className="hl-main">
          <div className="hl-header-wrap is-fixed hl-common-tabs">
            {props.tabs(<FoldButton collapsed={collapsed} onToggle={props.onToggle} />) ?? (
              <div className="hl-tabs-bar">
                <FoldButton collapsed={collapsed} onToggle={props.onToggle} />
              </div>
            )}
          </div>
          <main className="hl-content">{props.content}</main>
          {props.footer}
        </div>
      </div>
    </div>
  );
}
