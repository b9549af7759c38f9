import { useTranslation } from 'react-i18next';
import { SideMenu } from '../../../features/menu/components/SideMenu';
import { FoldButton, MainColumn, Sider, SiderLogo } from './parts';
import type { LayoutProps } from './types';

/**
 * Float: the sidebar floats as a rounded card beside the page and its submenus open as
 * floating panels instead of expanding in place.
 */
export function FloatLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { collapsed } = props;
  return (
    <div className="hl-layout hl-layout-float" data-layout="float" data-collapsed={collapsed}>
      <Sider
        className={`hl-sider hl-sider-float${collapsed ? ' is-collapsed' : ''}`}
        palette={props.palette}
        patterned={false}
        label={t('layout.menu')}
      >
        <SiderLogo props={props} compact={collapsed} />
        <nav className="hl-sider-scroll" aria-label={t('layout.menu')}>
          <SideMenu
            nodes={props.menu}
            activePath={props.activeKey}
            ctx={props.labels}
            dark={props.palette.dark}
            collapsed={collapsed}
            mode="vertical"
            onNavigate={props.navigate}
          />
        </nav>
      </Sider>
      <MainColumn
        props={props}
        left={
          <>
            <FoldButton collapsed={collapsed} onToggle={props.onToggle} />
            {props.crumbs}
          </>
        }
      />
    </div>
  );
}
