import { useTranslation } from 'react-i18next';
import { SideMenu } from '../../../features/menu/components/SideMenu';
import { FoldButton, MainColumn, MobileMask, Sider, SiderLogo } from './parts';
import type { LayoutProps } from './types';

/** Vertical: a sidebar with logo and the whole menu tree; header with fold and breadcrumb. */
export function VerticalLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { collapsed, mobile } = props;
  return (
    <div
      className={`hl-layout hl-layout-vertical${mobile ? ' is-mobile' : ''}`}
      data-layout="vertical"
      data-collapsed={collapsed}
    >
      <Sider
        className={`hl-sider${collapsed ? ' is-collapsed' : ''}`}
        palette={props.palette}
        patterned={props.patterned}
        label={t('layout.menu')}
      >
        <SiderLogo props={props} compact={collapsed && !mobile} />
        <nav className="hl-sider-scroll" aria-label={t('layout.menu')}>
          <SideMenu
            nodes={props.menu}
            activePath={props.activeKey}
            ctx={props.labels}
            dark={props.palette.dark}
            collapsed={collapsed && !mobile}
            onNavigate={(path) => {
              props.navigate(path);
              if (mobile) props.onToggle();
            }}
          />
        </nav>
      </Sider>
      <MobileMask props={props} />
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
