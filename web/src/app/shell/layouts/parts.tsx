import type { CSSProperties, ReactNode } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Logo } from '../Logo';
import type { LayoutProps } from './types';

export function FoldButton({ collapsed, onToggle }: Pick<LayoutProps, 'collapsed' | 'onToggle'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="hl-tool hl-fold"
      aria-label={collapsed ? t('header.unfold') : t('header.fold')}
      onClick={onToggle}
    >
      {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
    </button>
  );
}

/**
 * A sidebar surface in the theme's colours, patterned when the background setting is on. The
 * surface stretches to the page's full height (its colour never stops half-way down a long
 * page, defect 8 of issue 20); its content sticks to the viewport inside it.
 */
export function Sider({
  className,
  palette,
  patterned,
  background,
  children,
  label,
}: {
  className: string;
  palette: LayoutProps['palette'];
  patterned: boolean;
  background?: string;
  children: ReactNode;
  label: string;
}) {
  const style: CSSProperties = { background: background ?? palette.siderBg };
  const tone = palette.dark ? 'is-dark' : 'is-light';
  return (
    <aside
      className={`${className} ${tone}${patterned ? ' hl-patterned' : ''}`}
      style={style}
      aria-label={label}
    >
      <div className="hl-sider-body">{children}</div>
    </aside>
  );
}

export function SiderLogo({ props, compact }: { props: LayoutProps; compact: boolean }) {
  return <Logo name={props.websiteName} compact={compact} />;
}

/** Header, tab bar, content and footer: the right-hand column of the side-menu layouts. */
export function MainColumn({
  props,
  left,
  crumbRow = false,
}: {
  props: LayoutProps;
  left: ReactNode;
  /** Breadcrumb above the content (when the header holds a menu instead). */
  crumbRow?: boolean;
}) {
  const fixed = props.settings.fixedHeader;
  return (
    <div className="hl-main">
      <div className={fixed ? 'hl-header-wrap is-fixed' : 'hl-header-wrap'}>
        <header className="hl-navbar">
          <div className="hl-navbar-left">{left}</div>
          <div className="hl-navbar-right">{props.tools}</div>
        </header>
        {props.tabs()}
      </div>
      <main className="hl-content">
        {crumbRow ? <div className="hl-crumb-row">{props.crumbs}</div> : null}
        {props.content}
      </main>
      {props.footer}
    </div>
  );
}

/** On mobile the open sidebar floats over the page; a click on the mask folds it. */
export function MobileMask({ props }: { props: LayoutProps }) {
  if (!props.mobile || props.collapsed) return null;
  return <div className="hl-mobile-mask" onClick={props.onToggle} aria-hidden="true" />;
}
