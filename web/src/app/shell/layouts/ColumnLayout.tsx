import { useTranslation } from 'react-i18next';
import { ColumnBar } from '../../../features/menu/components/ColumnBar';
import { SideMenu } from '../../../features/menu/components/SideMenu';
import { menuTitle } from '../../../features/menu/routes';
import { FoldButton, MainColumn, Sider, SiderLogo } from './parts';
import type { LayoutProps } from './types';

/**
 * Column: a strip of first-level items (styled by the column style) beside the second level
 * of the active item.
 */
export function ColumnLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { activeRoot, collapsed } = props;
  const second = activeRoot
    ? activeRoot.children.length > 0
      ? activeRoot.children
      : [activeRoot]
    : [];
  return (
    <div className="hl-layout hl-layout-column" data-layout="column" data-collapsed={collapsed}>
      <Sider
        className={`hl-column-bar hl-column-style-${props.settings.columnStyle}`}
        palette={props.palette}
        patterned={props.patterned}
        background={props.palette.columnBg}
        label={t('layout.firstLevel')}
      >
        <SiderLogo props={props} compact />
        <nav aria-label={t('layout.firstLevel')}>
          <ColumnBar
            nodes={props.menu}
            activeRoot={activeRoot?.path}
            ctx={props.labels}
            columnStyle={props.settings.columnStyle}
            onNavigate={props.navigate}
          />
        </nav>
      </Sider>
      <Sider
        className={`hl-sider hl-sider-second${collapsed ? ' is-hidden' : ''}`}
        palette={{ ...props.palette, dark: false }}
        patterned={false}
        background="#ffffff"
        label={t('layout.secondLevel')}
      >
        <div className="hl-second-title">
          {activeRoot ? menuTitle(activeRoot, props.labels.english) : props.websiteName}
        </div>
        <nav className="hl-sider-scroll" aria-label={t('layout.secondLevel')}>
          <SideMenu
            nodes={second}
            activePath={props.activeKey}
            ctx={props.labels}
            dark={false}
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
