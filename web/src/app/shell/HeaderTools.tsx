import { useState, type ReactNode } from 'react';
import { App, Dropdown, Tooltip } from 'antd';
import {
  BgColorsOutlined,
  CompressOutlined,
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
  onNavigate: (path: string) => void;
  onViewNotice: (item: NoticeItem) => void;
  onRefresh: () => void;
  onOpenTheme: () => void;
}

function Tool({
  title,
  onClick,
  children,
  wideOnly = false,
}: {
  title: string;
  onClick: () => void;
  children: ReactNode;
  /** Left out on phone-width screens (the header must fit 390 px). */
  wideOnly?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <button
        type="button"
        className={wideOnly ? 'hl-tool hl-tool-wide' : 'hl-tool'}
        aria-label={title}
        onClick={onClick}
      >
        {children}
      </button>
    </Tooltip>
  );
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

  // Spec section 6: the call bar needs is_waihu or is_heyi_waihu and /jsjb/dw#/jsjb/case.
  const callBar = callingEnabled(config) && has(CALL_BAR_RULE);

  const onFullscreen = () => {
    toggleFullscreen().then(setFullscreen, () => void message.error(t('header.fullscreenFailed')));
  };

  return (
    <div className="hl-tools">
      {callBar ? (
        <div className="hl-call-slot" data-testid="call-bar-slot">
          <CallBar user={user} />
        </div>
      ) : null}
      <ErrorLogButton />
      {settings.showVoiceSetting ? (
        <Tool
          title={voice ? t('header.voiceOn') : t('header.voiceOff')}
          onClick={() => setVoice(!voice)}
          wideOnly
        >
          {voice ? (
            <SoundOutlined data-testid="voice-on" />
          ) : (
            <MutedOutlined data-testid="voice-off" />
          )}
        </Tool>
      ) : null}
      {settings.showSearch ? (
        <Tool title={t('header.search')} onClick={() => setSearching(true)} wideOnly>
          <SearchOutlined />
        </Tool>
      ) : null}
      {settings.showNotice ? <NoticePopover onView={onViewNotice} /> : null}
      {settings.showFullScreen ? (
        <Tool
          title={fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
          onClick={onFullscreen}
          wideOnly
        >
          {fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
        </Tool>
      ) : null}
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
      {settings.showRefresh ? (
        <Tool title={t('header.refresh')} onClick={onRefresh} wideOnly>
          <RedoOutlined />
        </Tool>
      ) : null}
      <UserMenu user={user} has={has} />
      <SearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        entries={searchEntries}
        onNavigate={onNavigate}
      />
    </div>
  );
}
