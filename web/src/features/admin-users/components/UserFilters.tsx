import { useMemo } from 'react';
import { Button, Form, Input, Select, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleTitle } from '@hotline/domain';
import { isEnglish } from '../../../i18n';
import { USER_STATUSES } from '@hotline/contract';
import type { Role, Unit, UserFilter } from '../api';
import { openUnitKeys, unitTree, type UnitNode } from '../user-rules';

export type FilterValues = Pick<UserFilter, 'keyword' | 'unitId' | 'groupId' | 'status'>;

interface TreeOption {
  value: number;
  title: React.ReactNode;
  name: string;
  children?: TreeOption[];
}

/** The filter's tree: every unit selectable, disabled ones (and what is under them) greyed. */
function filterOptions(nodes: readonly UnitNode[], suffix: string): TreeOption[] {
  return nodes.map((n) => ({
    value: n.value,
    name: n.name,
    title: n.inactive ? (
      <Typography.Text type="secondary">
        {n.name}
        {suffix}
      </Typography.Text>
    ) : (
      n.name
    ),
    ...(n.children ? { children: filterOptions(n.children, suffix) } : {}),
  }));
}

/**
 * Search (applied on Enter or the search button), unit, role and status (applied at once).
 * A real form: every control has a visible label.
 */
export function UserFilters({
  units,
  roles,
  onChange,
}: {
  units: readonly Unit[];
  roles: readonly Role[];
  onChange: (patch: Partial<FilterValues>) => void;
}) {
  const { t, i18n } = useTranslation();
  const english = isEnglish(i18n.language);
  const [form] = Form.useForm<FilterValues>();
  const tree = useMemo(() => unitTree(units, { selectInactive: true }), [units]);
  const options = useMemo(
    () => filterOptions(tree, t('adminUsers.filters.disabledUnit')),
    [t, tree],
  );
  const expanded = useMemo(() => openUnitKeys(tree), [tree]);

  const reset = () => {
    form.resetFields();
    onChange({ keyword: undefined, unitId: undefined, groupId: undefined, status: undefined });
  };

  return (
    <Form<FilterValues>
      form={form}
      name="user-filters"
      layout="inline"
      className="hl-users-filters"
      aria-label={t('adminUsers.filters.label')}
      role="search"
      onValuesChange={(changed: Partial<FilterValues>) => {
        // the keyword waits for Enter; a cleared box applies at once
        if ('keyword' in changed) {
          if (!changed.keyword) onChange({ keyword: undefined });
          return;
        }
        onChange(changed);
      }}
    >
      <Form.Item name="keyword" label={t('adminUsers.filters.keyword')}>
        <Input.Search
          className="hl-users-keyword"
          allowClear
          maxLength={50}
          placeholder={t('adminUsers.filters.keywordPlaceholder')}
          onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
        />
      </Form.Item>
      <Form.Item name="unitId" label={t('adminUsers.filters.unit')}>
        <TreeSelect<number>
          className="hl-users-unit"
          allowClear
          showSearch={{ treeNodeFilterProp: 'name' }}
          treeData={options}
          treeNodeLabelProp="name"
          treeDefaultExpandedKeys={expanded}
          placeholder={t('adminUsers.filters.unitPlaceholder')}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('adminUsers.filters.role')}>
        <Select<number>
          className="hl-users-role"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('adminUsers.filters.rolePlaceholder')}
          options={roles.map((r) => ({ value: r.id, label: roleTitle(r.title, english) }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('adminUsers.filters.status')}>
        <Select
          className="hl-users-status"
          allowClear
          placeholder={t('adminUsers.filters.statusPlaceholder')}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`adminUsers.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item>
        <Button onClick={reset}>{t('adminUsers.filters.reset')}</Button>
      </Form.Item>
    </Form>
  );
}
