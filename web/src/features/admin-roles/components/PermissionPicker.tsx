import { Checkbox, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDomainLang } from '../../../i18n';
import { groupedPermissions, otherRules } from '../permissions';

export interface PermissionPickerProps {
  value?: string[];
  onChange?: (rules: string[]) => void;
  readOnly?: boolean;
  /** Accessible name of the whole picker. */
  label: string;
}

/**
 * The permission catalogue as check boxes, grouped, each with what it lets its holder do.
 * Read-only for built-in roles (their rules outside the catalogue are listed as they are).
 */
export function PermissionPicker({ value = [], onChange, readOnly, label }: PermissionPickerProps) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const others = otherRules(value);
  return (
    <div className="hl-perm-picker" role="group" aria-label={label}>
      <Checkbox.Group
        value={value}
        disabled={readOnly}
        onChange={(rules) => onChange?.(rules.map(String))}
        style={{ display: 'block' }}
      >
        {groupedPermissions().map(({ group, items }) => (
          <fieldset key={group} className="hl-perm-group">
            <legend>{t(`adminOrg.roles.groups.${group}`)}</legend>
            {items.map((p) => (
              <Checkbox key={p.rule} value={p.rule} className="hl-perm-item" data-rule={p.rule}>
                <span className="hl-perm-name">{lang === 'en' ? p.en : p.zh}</span>
                <span className="hl-perm-hint">{lang === 'en' ? p.enHint : p.zhHint}</span>
              </Checkbox>
            ))}
          </fieldset>
        ))}
      </Checkbox.Group>
      {others.length ? (
        <fieldset className="hl-perm-group">
          <legend>{t('adminOrg.roles.otherRules')}</legend>
          {others.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
