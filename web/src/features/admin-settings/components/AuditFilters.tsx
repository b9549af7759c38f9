import { useEffect, useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@hotline/contract';
import { userSearchQuery, type AuditFilter } from '../api';

interface FilterValues {
  userId?: number;
  action?: string;
  keyword?: string;
  from?: Dayjs | null;
  to?: Dayjs | null;
}

/** The form's values as the endpoint's filter (dates as whole days). */
function toFilter(values: FilterValues): AuditFilter {
  const keyword = values.keyword?.trim();
  return {
    ...(values.userId ? { userId: values.userId } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...(keyword ? { keyword } : {}),
    ...(values.from ? { from: `${values.from.format('YYYY-MM-DD')} 00:00` } : {}),
    ...(values.to ? { to: `${values.to.format('YYYY-MM-DD')} 23:59:59` } : {}),
  };
}

/** A user picker fed by the user administration's keyword search (real name and user name). */
function UserPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery(userSearchQuery(keyword));
  const options = useMemo(
    () =>
      (users.data?.list ?? []).map((u) => ({
        value: u.id,
        label: `${u.realname} (${u.username})`,
      })),
    [users.data],
  );
  return (
    <Select<number>
      id={id}
      className="hl-audit-user"
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={users.isFetching}
      placeholder={t('adminSettings.audit.filters.userPlaceholder')}
      options={options}
      popupMatchSelectWidth={false}
      notFoundContent={users.isFetching ? null : undefined}
    />
  );
}

/**
 * The audit log's filters: user, action and dates apply at once, the keyword on Enter or the
 * search button. A real form: every control has a visible label.
 */
export function AuditFilters({
  mobile,
  onChange,
}: {
  mobile: boolean;
  onChange: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const apply = () => onChange(toFilter(form.getFieldsValue()));
  const actions = useMemo(
    () =>
      AUDIT_ACTIONS.map((name) => ({
        value: name,
        label: t(`adminSettings.audit.actions.${name}`),
      })),
    [t],
  );

  return (
    <Form<FilterValues>
      form={form}
      name="audit-filters"
      layout={mobile ? 'vertical' : 'inline'}
      className="hl-audit-filters"
      aria-label={t('adminSettings.audit.filters.label')}
      role="search"
      onValuesChange={(changed: Partial<FilterValues>) => {
        // the keyword waits for Enter; a cleared box applies at once
        if ('keyword' in changed && changed.keyword) return;
        apply();
      }}
      onFinish={apply}
    >
      <Form.Item name="userId" label={t('adminSettings.audit.filters.user')}>
        <UserPicker />
      </Form.Item>
      <Form.Item name="action" label={t('adminSettings.audit.filters.action')}>
        <Select
          className="hl-audit-action"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('adminSettings.audit.filters.actionPlaceholder')}
          options={actions}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('adminSettings.audit.filters.keyword')}>
        <Input.Search
          className="hl-audit-keyword"
          allowClear
          maxLength={50}
          placeholder={t('adminSettings.audit.filters.keywordPlaceholder')}
          onSearch={apply}
        />
      </Form.Item>
      <Form.Item label={t('adminSettings.audit.filters.range')} className="hl-audit-range">
        <Space.Compact block={mobile}>
          <Form.Item name="from" noStyle>
            <DatePicker
              aria-label={t('adminSettings.audit.filters.rangeStart')}
              placeholder={t('adminSettings.audit.filters.rangeStart')}
              inputReadOnly={mobile}
            />
          </Form.Item>
          <Form.Item name="to" noStyle>
            <DatePicker
              aria-label={t('adminSettings.audit.filters.rangeEnd')}
              placeholder={t('adminSettings.audit.filters.rangeEnd')}
              inputReadOnly={mobile}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('adminSettings.audit.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply();
            }}
          >
            {t('adminSettings.audit.filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
