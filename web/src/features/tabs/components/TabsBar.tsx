import type { ReactNode } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  MinusCircleOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isEnglish } from '../../../i18n';
import { closableActions, type TabAction, type VisitedTab } from '../tab-rules';

export interface TabsBarProps {
  tabs: readonly VisitedTab[];
  activePath: string;
  showIcon: boolean;
  /** card, smart or smooth. */
  barStyle: string;
  renderIcon: (name: string) => ReactNode;
  onSelect: (tab: VisitedTab) => void;
  onAction: (action: TabAction) => void;
  /** Clicking the active tab rebuilds its view. */
  onReload: (path: string) => void;
  /** Content before the tabs (the common layout's fold button). */
  leading?: ReactNode;
}

type CloseType = 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The tab bar: visited routes, a right-click menu and a drop-down with the close actions. */
export function TabsBar({
  tabs,
  activePath,
  showIcon,
  barStyle,
  renderIcon,
  onSelect,
  onAction,
  onReload,
  leading,
}: TabsBarProps) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);

  const menuFor = (path: string): MenuProps => {
    const allowed = closableActions(tabs, path);
    const item = (key: CloseType | 'close', icon: ReactNode) => ({
      key,
      icon,
      label: t(`tabs.${key}`),
      disabled: !allowed[key],
    });
    return {
      items: [
        item('close', <CloseOutlined />),
        item('closeOthers', <CloseCircleOutlined />),
        item('closeLeft', <VerticalRightOutlined />),
        item('closeRight', <VerticalLeftOutlined />),
        item('closeAll', <MinusCircleOutlined />),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'closeAll') onAction({ type: 'closeAll' });
        else onAction({ type: key as CloseType | 'close', path });
      },
    };
  };

  const close = (path: string) => onAction({ type: 'close', path });
  const title = (tab: VisitedTab) => {
    const base = (english && tab.meta.titleEn) || tab.meta.title;
    return tab.label ? `${base} ${tab.label}` : base;
  };
  // The drop-down also lists the open pages: tabs scrolled out of sight stay one click away
  // (antd's own overflow button is hidden; it broke the tab list's ARIA structure).
  const more = menuFor(activePath);
  const moreMenu: MenuProps = {
    items: [
      ...(more.items ?? []),
      { type: 'divider' },
      {
        key: 'open',
        type: 'group',
        label: t('shell.openPages'),
        children: tabs.map((tab) => ({ key: `open:${tab.path}`, label: title(tab) })),
      },
    ],
    onClick: (info) => {
      if (info.key.startsWith('open:')) {
        const tab = tabs.find((x) => `open:${x.path}` === info.key);
        if (tab && tab.path !== activePath) onSelect(tab);
        return;
      }
      more.onClick?.(info);
    },
  };

  return (
    <div
      className={`hl-tabs-bar hl-tabs-${barStyle}`}
      data-testid="tabs-bar"
      // Delete closes the focused tab (the close mark is for pointers only: a button inside a
      // tab is not allowed by ARIA).
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (event.key !== 'Delete' || target.getAttribute('role') !== 'tab') return;
        const path = target.querySelector<HTMLElement>('[data-tab-path]')?.dataset.tabPath;
        if (path && path !== tabs[0]?.path) close(path);
      }}
    >
      {leading}
      <Tabs
        className="hl-tabs"
        type="card"
        size="small"
        activeKey={activePath}
        onTabClick={(key) => {
          if (key === activePath) return onReload(key);
          const tab = tabs.find((x) => x.path === key);
          if (tab) onSelect(tab);
        }}
        items={tabs.map((tab, i) => ({
          key: tab.path,
          label: (
            <Dropdown menu={menuFor(tab.path)} trigger={['contextMenu']}>
              <span className="hl-tab-label" data-tab-path={tab.path}>
                {showIcon ? (
                  <span className="hl-tab-icon">{renderIcon(tab.meta.icon || tab.parentIcon)}</span>
                ) : null}
                {title(tab)}
                {i > 0 ? (
                  <span
                    className="hl-tab-close"
                    aria-hidden="true"
                    onClick={(event) => {
                      event.stopPropagation();
                      close(tab.path);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                ) : null}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown menu={moreMenu} trigger={['click']} placement="bottomRight">
        <button type="button" className="hl-tabs-more" aria-label={t('tabs.more')}>
          <span>{t('tabs.more')}</span>
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
