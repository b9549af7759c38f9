import { useState, type ReactNode } from 'react';
import { App, Dropdown, Grid, Tooltip, type MenuProps } from 'antd';
import {
  BgColorsOutlined,
  CompressOutlined,
  EllipsisOutlined,
  ExpandOutlined,
  MutedOutlined,
  RedoOutlined,
  SearchOutlined,
  SoundOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CALL_BAR_RULE, callingEnabled } from '@hotline/domain';
import type { UserInfo } from '../../features/auth/api';
import { CallBar } from '../../features/call/components/CallBar';
import { ErrorLogButton } from '../../features/errors/components/ErrorLogButton';
import { NoticePopover } from '../../features/notices/components/NoticePopover';
import type { NoticeItem } from '../../features/notices/notices-store';
import type { Suggestion } from '../../features/search/api';
import { SearchDialog } from '../../features/search/components/SearchDialog';
import { useSettings, useThemeStore } from '../../features/theme/theme-store';
import { useWebConfig } from '../../hooks/use-web-config';
import { LANGUAGES, normalizeLanguage } from '../../i18n';
import { useSwitchLanguage } from '../../components/LanguageSwitch';
import { toggleFullscreen } from '../../lib/browser';
import { UserMenu } from './UserMenu';

export interface HeaderToolsProps {
  user: UserInfo;
  has: (rules: string) => boolean;
  searchEntries: readonly Suggestion[];
  /** The user may open the orders page (the search offers it). */
  searchesOrders?: boolean;
  onNavigate: (path: string) => void;
  onViewNotice: (item: NoticeItem) => void;
  onRefresh: () => void;
  onOpenTheme: () => void;
}

function Tool({
  title,
  onClick,
  children,
}: {
  title: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <button type="button" className="hl-tool" aria-label={title} onClick={onClick}>
        {children}
      </button>
    </Tooltip>
  );
}

interface FoldingTool {
  key: string;
  title: string;
  icon: ReactNode;
  onClick: () => void;
}

/** The top bar's right side: call-bar slot, voice, search, notices, full screen, language… */
export function HeaderTools(props: HeaderToolsProps) {
  const { user, has, searchEntries, onNavigate, onViewNotice, onRefresh, onOpenTheme } = props;
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const switchLanguage = useSwitchLanguage();
  const settings = useSettings();
  const voice = useThemeStore((s) => s.voice);
  const setVoice = useThemeStore((s) => s.setVoice);
  const config = useWebConfig().data ?? {};
  const [searching, setSearching] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const phone = Grid.useBreakpoint().sm === false;

  // Spec section 6: the call bar needs is_waihu or is_heyi_waihu and /jsjb/dw#/jsjb/case.
  const callBar = callingEnabled(config) && has(CALL_BAR_RULE);

  const onFullscreen = () => {
    toggleFullscreen().then(setFullscreen, () => void message.error(t('header.fullscreenFailed')));
  };

  // Voice, search, full screen and refresh: buttons on wide screens; on a phone (below antd's
  // sm, 576 px) they fold into one "更多" menu so the header fits 390 px.
  const folding: FoldingTool[] = [];
  if (settings.showVoiceSetting) {
    folding.push({
      key: 'voice',
      title: voice ? t('header.voiceOn') : t('header.voiceOff'),
      icon: voice ? (
        <SoundOutlined data-testid="voice-on" />
      ) : (
        <MutedOutlined data-testid="voice-off" />
      ),
      onClick: () => setVoice(!voice),
    });
  }
  if (settings.showSearch) {
    folding.push({
      key: 'search',
      title: t('header.search'),
      icon: <SearchOutlined />,
      onClick: () => setSearching(true),
    });
  }
  if (settings.showFullScreen) {
    folding.push({
      key: 'fullscreen',
      title: fullscreen ? t('header.exitFullscreen') : t('header.fullscreen'),
      icon: fullscreen ? <CompressOutlined /> : <ExpandOutlined />,
      onClick: onFullscreen,
    });
  }
  const refreshTool: FoldingTool | null = settings.showRefresh
    ? { key: 'refresh', title: t('header.refresh'), icon: <RedoOutlined />, onClick: onRefresh }
    : null;
  const foldMenu: MenuProps = {
    items: [...folding, ...(refreshTool ? [refreshTool] : [])].map((tool) => ({
      key: tool.key,
      icon: tool.icon,
      label: tool.title,
    })),
    onClick: ({ key }) => [...folding, refreshTool].find((tool) => tool?.key === key)?.onClick(),
  };
  const button = (tool: FoldingTool) => (
    <Tool key={tool.key} title={tool.title} onClick={tool.onClick}>
      {tool.icon}
    </Tool>
  );

  return (
    <div className="hl-tools">
      {callBar ? (
        <div className="hl-call-slot" data-testid="call-bar-slot">
          <CallBar user={user} />
        </div>
      ) : null}
      <ErrorLogButton />
      {phone ? null : folding.map(button)}
      {settings.showNotice ? <NoticePopover onView={onViewNotice} /> : null}
      {settings.showLanguage ? (
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [normalizeLanguage(i18n.language)],
            items: LANGUAGES.map(({ value, label }) => ({ key: value, label })),
            onClick: ({ key }) => switchLanguage(normalizeLanguage(key)),
          }}
        >
          <button type="button" className="hl-tool" aria-label={t('app.language')}>
            <TranslationOutlined />
          </button>
        </Dropdown>
      ) : null}
      <Tool title={t('header.theme')} onClick={onOpenTheme}>
        <BgColorsOutlined />
      </Tool>
      {phone || !refreshTool ? null : button(refreshTool)}
      {phone && (foldMenu.items ?? []).length > 0 ? (
        <Dropdown trigger={['click']} placement="bottomRight" menu={foldMenu}>
          <button type="button" className="hl-tool" aria-label={t('shell.moreTools')}>
            <EllipsisOutlined />
          </button>
        </Dropdown>
      ) : null}
      <UserMenu user={user} has={has} />
      <SearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        entries={searchEntries}
        onNavigate={onNavigate}
        searchesOrders={props.searchesOrders ?? false}
      />
    </div>
  );
}
