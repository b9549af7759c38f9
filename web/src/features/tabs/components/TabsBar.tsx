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

  return (
    <div className={`hl-tabs-bar hl-tabs-${barStyle}`} data-testid="tabs-bar">
      {leading}
      <Tabs
        className="hl-tabs"
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onTabClick={(key) => {
          if (key === activePath) return onReload(key);
          const tab = tabs.find((x) => x.path === key);
          if (tab) onSelect(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string')
            onAction({ type: 'close', path: key });
        }}
        items={tabs.map((tab, i) => ({
          key: tab.path,
          closable: i > 0,
          label: (
            <Dropdown menu={menuFor(tab.path)} trigger={['contextMenu']}>
              <span className="hl-tab-label" data-tab-path={tab.path}>
                {showIcon ? (
                  <span className="hl-tab-icon">{renderIcon(tab.meta.icon || tab.parentIcon)}</span>
                ) : null}
                {(english && tab.meta.titleEn) || tab.meta.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown menu={menuFor(activePath)} trigger={['click']} placement="bottomRight">
        <button type="button" className="hl-tabs-more" aria-label={t('tabs.more')}>
          <span>{t('tabs.more')}</span>
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
