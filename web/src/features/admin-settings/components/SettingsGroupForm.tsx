import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Space, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSettingGroup } from '@hotline/contract';
import { useDomainLang } from '../../../i18n';
import { RequestError } from '../../../lib/request';
import { afterSettingsSaved, saveSettings, type SettingsGroup } from '../api';
import { errorText } from '../format';
import {
  SECTION_ORDER,
  changedValues,
  fieldErrors,
  fieldSpec,
  saveProblems,
  toControl,
  toText,
  type ControlValue,
  type FieldSection,
  type FieldSpec,
  problemText,
} from '../settings-rules';
import { SettingField } from './SettingField';

type Values = Record<string, ControlValue>;

/**
 * One settings group as a form: its keys in sections, typed controls, client-side checks with
 * the contract's schemas, and a save of only the changed values. The server's 400 ("name:
 * reason") lands on the field it names. Remounted (by its key) when the stored values change.
 */
export function SettingsGroupForm({ group, label }: { group: SettingsGroup; label: string }) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const specs = useMemo(() => {
    const map = new Map<string, FieldSpec>();
    for (const entry of group.entries) map.set(entry.name, fieldSpec(group.name, entry));
    return map;
  }, [group]);
  const sections = useMemo(() => {
    const by = new Map<FieldSection, SettingsGroup['entries']>();
    for (const entry of group.entries) {
      const section = specs.get(entry.name)!.section;
      by.set(section, [...(by.get(section) ?? []), entry]);
    }
    return SECTION_ORDER.filter((s) => by.has(s)).map((s) => ({ key: s, entries: by.get(s)! }));
  }, [group, specs]);
  const initial = useMemo(
    () =>
      Object.fromEntries(
        group.entries.map((e) => [e.name, toControl(specs.get(e.name)!.kind, e.value)]),
      ) as Values,
    [group, specs],
  );

  const watched = Form.useWatch([], form) as Values | undefined;
  const texts = (values: Values | undefined): Record<string, string> =>
    Object.fromEntries(
      group.entries.map((e) => {
        const kind = specs.get(e.name)!.kind;
        const value = values && e.name in values ? values[e.name] : initial[e.name];
        return [e.name, toText(kind, value)];
      }),
    );
  const changed = changedValues(group.name, group.entries, texts(watched));
  const changedCount = Object.keys(changed).length;

  const save = async () => {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      void message.error(t('adminSettings.settings.fixErrors'));
      return;
    }
    const values = changedValues(group.name, group.entries, texts(form.getFieldsValue(true)));
    if (Object.keys(values).length === 0) {
      void message.info(t('adminSettings.settings.noChanges'));
      return;
    }
    const problems = saveProblems(group.name, group.entries, values);
    if (problems.length > 0) {
      form.setFields(
        problems.map((p) => ({
          name: p.name,
          errors: [problemText(p, lang)],
        })),
      );
      void message.error(t('adminSettings.settings.fixErrors'));
      return;
    }
    if (!isSettingGroup(group.name)) return;
    setSaving(true);
    try {
      const result = await saveSettings(group.name, values);
      void message.success(
        t('adminSettings.settings.saved', { count: result.changed.length || 0 }),
      );
      await afterSettingsSaved(client);
    } catch (error) {
      const text = errorText(error);
      if (error instanceof RequestError && error.code === 400) {
        const { byField, rest } = fieldErrors(
          text,
          group.entries.map((e) => e.name),
        );
        form.setFields(Object.entries(byField).map(([name, msg]) => ({ name, errors: [msg] })));
        if (rest.length > 0) setFailure(rest.join('; '));
      } else {
        setFailure(t('adminSettings.settings.saveFailed', { msg: text }));
      }
    } finally {
      setSaving(false);
    }
  };

  if (group.entries.length === 0) {
    return <Empty description={t('adminSettings.settings.empty')} />;
  }

  return (
    <Form<Values>
      form={form}
      name={`settings-${group.name}`}
      layout="vertical"
      initialValues={initial}
      aria-label={t('adminSettings.settings.formLabel', { group: label })}
      data-testid={`settings-form-${group.name}`}
      onFinish={() => void save()}
      onFinishFailed={() => void message.error(t('adminSettings.settings.fixErrors'))}
      scrollToFirstError
    >
      {sections.map((section) => (
        <Card
          key={section.key}
          size="small"
          className="hl-cfg-section"
          title={t(`adminSettings.settings.sections.${section.key}`)}
          data-section={section.key}
        >
          <div className="hl-cfg-grid">
            {section.entries.map((entry) => (
              <SettingField
                key={entry.name}
                group={group.name}
                entry={entry}
                spec={specs.get(entry.name)!}
                changed={entry.name in changed}
              />
            ))}
          </div>
        </Card>
      ))}
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          className="hl-cfg-failure"
          data-testid="settings-failure"
        />
      ) : null}
      <div className="hl-cfg-actions">
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={changedCount === 0}
            data-testid={`settings-save-${group.name}`}
          >
            {t('adminSettings.settings.save')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            disabled={changedCount === 0 || saving}
            onClick={() => {
              form.resetFields();
              setFailure(null);
            }}
          >
            {t('adminSettings.settings.discard')}
          </Button>
        </Space>
        <Typography.Text type={changedCount > 0 ? 'warning' : 'secondary'} aria-live="polite">
          {changedCount > 0
            ? t('adminSettings.settings.unsaved', { count: changedCount })
            : t('adminSettings.settings.noChanges')}
        </Typography.Text>
      </div>
    </Form>
  );
}
