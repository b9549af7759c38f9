import {
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { settingProblem } from '@hotline/contract';
import { useDomainLang } from '../../../i18n';
import type { SettingEntry } from '../api';
import { SmsPreview } from './SmsPreview';
import {
  isChanged,
  jsonError,
  localProblem,
  toText,
  type ControlValue,
  type FieldSpec,
  problemText,
} from '../settings-rules';

export interface SettingFieldProps {
  group: string;
  entry: SettingEntry;
  spec: FieldSpec;
  /** The value in the form differs from the stored one. */
  changed: boolean;
}

/** The key's title: the stored title in Chinese, the console's English title in English. */
export function useSettingTitle(): (entry: SettingEntry) => string {
  const { t } = useTranslation();
  const lang = useDomainLang();
  return (entry) =>
    lang === 'en'
      ? t(`adminSettings.settings.titles.${entry.name}`, { defaultValue: entry.title })
      : entry.title;
}

/** One setting as a labelled, typed control with its remark and range as help. */
export function SettingField({ group, entry, spec, changed }: SettingFieldProps) {
  const { t, i18n } = useTranslation();
  const lang = useDomainLang();
  const title = useSettingTitle()(entry);

  const rules: FormRule[] = [
    {
      validator: (_rule, value: ControlValue) => {
        const text = toText(spec.kind, value);
        // a stored value is not judged again: only what the administrator changes
        if (!isChanged(spec.kind, entry.value, text)) return Promise.resolve();
        if (spec.kind === 'json') {
          const parse = jsonError(text);
          if (parse) {
            return Promise.reject(
              new Error(t('adminSettings.settings.invalidJson', { msg: parse })),
            );
          }
        }
        if (spec.known) {
          const problem = settingProblem(group, entry.name, text);
          if (problem) {
            return Promise.reject(new Error(problemText(problem, lang)));
          }
          return Promise.resolve();
        }
        const local = localProblem(spec.kind, text);
        if (local === 'integer') {
          return Promise.reject(new Error(t('adminSettings.settings.integer')));
        }
        return Promise.resolve();
      },
    },
  ];

  const unit = spec.unit ? t(`adminSettings.settings.units.${spec.unit}`) : undefined;
  const range =
    spec.kind === 'integer' && spec.min !== undefined && spec.max !== undefined
      ? t('adminSettings.settings.range', { min: spec.min, max: spec.max })
      : null;
  // the console's own words for a key it knows; the stored remark for keys an administrator added
  const ownHelp = i18n.exists(`adminSettings.settings.help.${entry.name}`);
  const help = ownHelp
    ? t(`adminSettings.settings.help.${entry.name}`, { defaultValue: entry.remark })
    : entry.remark;
  const extra =
    help || range ? (
      <span className="hl-cfg-help">{[help, range].filter(Boolean).join(' · ')}</span>
    ) : undefined;

  const label = (
    <Space size={6} wrap>
      <span>{title}</span>
      <Typography.Text type="secondary" code className="hl-cfg-key">
        {entry.name}
      </Typography.Text>
      {changed ? (
        <Tag color="orange" className="hl-cfg-changed">
          {t('adminSettings.settings.changedMark')}
        </Tag>
      ) : null}
    </Space>
  );

  const wide = spec.kind === 'json' || spec.kind === 'textarea';
  return (
    <div className={wide ? 'hl-cfg-item hl-cfg-wide' : 'hl-cfg-item'} data-setting={entry.name}>
      <Form.Item
        name={entry.name}
        label={label}
        extra={extra}
        rules={rules}
        {...(spec.kind === 'switch' ? { valuePropName: 'checked' } : {})}
      >
        {control(spec, entry, title, t, unit)}
      </Form.Item>
      {entry.name.startsWith('sms_tpl_') ? <SmsPreview name={entry.name} /> : null}
    </div>
  );
}

/** The typed control of a key (Form.Item gives it its value and change handler). */
function control(
  spec: FieldSpec,
  entry: SettingEntry,
  title: string,
  t: TFunction,
  unit: string | undefined,
) {
  switch (spec.kind) {
    case 'switch':
      return (
        <Switch
          aria-label={title}
          checkedChildren={t('adminSettings.settings.on')}
          unCheckedChildren={t('adminSettings.settings.off')}
        />
      );
    case 'integer':
      return (
        <InputNumber
          aria-label={title}
          aria-valuemin={spec.min}
          aria-valuemax={spec.max}
          className="hl-cfg-number"
          changeOnWheel={false}
          suffix={unit}
        />
      );
    case 'select':
      return (
        <Select
          aria-label={title}
          className="hl-cfg-select"
          options={spec.options.map((value) => ({
            value,
            label: t(`adminSettings.settings.options.${entry.name}.${value}`, {
              defaultValue: value,
            }),
          }))}
        />
      );
    case 'json':
      return (
        <Input.TextArea
          aria-label={title}
          className="hl-cfg-json"
          autoSize={{ minRows: 3, maxRows: 16 }}
          spellCheck={false}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          aria-label={title}
          autoSize={{ minRows: 2, maxRows: 10 }}
          maxLength={spec.max}
        />
      );
    default:
      return <Input aria-label={title} maxLength={spec.max} />;
  }
}
