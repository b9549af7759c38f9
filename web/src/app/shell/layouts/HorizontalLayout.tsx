import { useTranslation } from 'react-i18next';
import { TopMenu } from '../../../features/menu/components/TopMenu';
import { Logo } from '../Logo';
import type { LayoutProps } from './types';

/** Horizontal: logo, the whole menu and the tools in one header; content in a centred column. */
export function HorizontalLayout(props: LayoutProps) {
  const { t } = useTranslation();
  const { palette } = props;
  const fixed = props.settings.fixedHeader;
  return (
    <div className="hl-layout hl-layout-horizontal" data-layout="horizontal">
      <div className={fixed ? 'hl-header-wrap is-fixed' : 'hl-header-wrap'}>
        <header
          className={`hl-topbar ${palette.dark ? 'is-dark' : 'is-light'}`}
          style={{ background: palette.headerBg }}
        >
          <div className="hl-container hl-topbar-inner">
            <Logo name={props.websiteName} />
            <nav className="hl-header-menu" aria-label={t('layout.menu')}>
              <TopMenu
                nodes={props.menu}
                activePath={props.activeKey}
                ctx={props.labels}
                dark={palette.dark}
                onNavigate={props.navigate}
              />
            </nav>
            {props.tools}
          </div>
        </header>
        <div className="hl-container">{props.tabs()}</div>
      </div>
      <main className="hl-content hl-container">
        <div className="hl-crumb-row">{props.crumbs}</div>
        {props.content}
      </main>
      {props.footer}
    </div>
  );
}
