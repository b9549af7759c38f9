import { useTranslation } from 'react-i18next';
import { SideMenu } from '../../../features/menu/components/SideMenu';
import { TopMenu } from '../../../features/menu/components/TopMenu';
import { FoldButton, MainColumn, Sider, SiderLogo } from './parts';
import type { LayoutProps } from './types';

/** Comprehensive: the first level as tabs in the header; the sidebar shows the active branch. */
export function ComprehensiveLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { activeRoot, collapsed } = props;
  const branch = activeRoot
    ? activeRoot.children.length > 0
      ? activeRoot.children
      : [activeRoot]
    : [];
  return (
    <div
      className="hl-layout hl-layout-comprehensive"
      data-layout="comprehensive"
      data-collapsed={collapsed}
    >
      <Sider
        className={`hl-sider${collapsed ? ' is-collapsed' : ''}`}
        palette={props.palette}
        patterned={props.patterned}
        label={t('layout.menu')}
      >
        <SiderLogo props={props} compact={collapsed} />
        <nav className="hl-sider-scroll" aria-label={t('layout.menu')}>
          <SideMenu
            nodes={branch}
            activePath={props.activeKey}
            ctx={props.labels}
            dark={props.palette.dark}
            collapsed={collapsed}
            onNavigate={props.navigate}
          />
        </nav>
      </Sider>
      <MainColumn
        props={props}
        crumbRow
        left={
          <>
            <FoldButton collapsed={collapsed} onToggle={props.onToggle} />
            <nav className="hl-header-menu" aria-label={t('layout.firstLevel')}>
              <TopMenu
                nodes={props.menu}
                activePath={props.activeKey}
                ctx={props.labels}
                dark={false}
                firstLevelOnly
                onNavigate={props.navigate}
              />
            </nav>
          </>
        }
      />
    </div>
  );
}
