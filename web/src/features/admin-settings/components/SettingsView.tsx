import { useState } from 'react';
import { Alert, Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsQuery, type SettingsGroup } from '../api';
import { errorText } from '../format';
import { SettingsGroupForm } from './SettingsGroupForm';
import '../admin-settings.css';

/** The stored values of a group, as the form's remount key: a save shows what was stored. */
function versionOf(group: SettingsGroup): string {
  return group.entries.map((e) => `${e.id}=${e.value}`).join('\u0000');
}

/** 系统配置: one tab per settings group (接诉即办, 系统, 安全), each a typed form. */
export function SettingsView({ title }: { title: string }) {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery());
  const [active, setActive] = useState<string | undefined>(undefined);
  const groupLabel = (group: SettingsGroup) =>
    t(`adminSettings.settings.groups.${group.name}`, { defaultValue: group.title });

  let body;
  if (settings.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (settings.isError) {
    body = (
      <Result
        status="error"
        title={t('adminSettings.common.loadError')}
        subTitle={errorText(settings.error)}
        extra={
          <Button onClick={() => void settings.refetch()}>{t('adminSettings.common.retry')}</Button>
        }
      />
    );
  } else {
    body = (
      <Tabs
        activeKey={active ?? settings.data.groups[0]?.name}
        onChange={setActive}
        items={settings.data.groups.map((group) => ({
          key: group.name,
          label: groupLabel(group),
          children: (
            <SettingsGroupForm key={versionOf(group)} group={group} label={groupLabel(group)} />
          ),
        }))}
      />
    );
  }

  return (
    <Card
      size="small"
      className="hl-admin-settings"
      title={title || t('adminSettings.settings.title')}
      data-testid="settings-page"
    >
      <Alert
        type="info"
        showIcon
        className="hl-cfg-note"
        title={t('adminSettings.settings.nodesNote')}
      />
      {body}
    </Card>
  );
}
