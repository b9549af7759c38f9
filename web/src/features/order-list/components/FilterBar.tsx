import { useEffect, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Grid, Input, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { STATUS_NAMES, URGENCIES, type ListSources } from '@hotline/domain';
import { dateRangeProblem, keywordProblem, type DateField, type ListFilter } from '../filter-url';
import { typeText } from '../labels';
import type { TreeOption } from '../tree-options';

export interface FilterBarProps {
  filter: ListFilter;
  /** The list's order sources: shown by default, and those the user may ask for. */
  sources: ListSources;
  /** The statuses the queue's rows can have (`queueStatuses`); null: any. */
  statuses: readonly number[] | null;
  hostUnits: TreeOption[];
  categories: TreeOption[];
  onSearch: (patch: Partial<ListFilter>) => void;
  onReset: () => void;
  /** Shown after the buttons (the saved views). */
  extra?: ReactNode;
}

type Range = [Dayjs | null, Dayjs | null] | null;
interface Values {
  orderNum?: string;
  keyword?: string;
  status?: number[];
  urgency?: string[];
  hostUnitId?: number;
  categoryId?: number;
  typeId?: number[];
  isKeyAppeal?: 0 | 1;
  callTime?: Range;
  dispatchTime?: Range;
  deadline?: Range;
}

const RANGES = ['callTime', 'dispatchTime', 'deadline'] as const;
const day = (text: string | undefined) => (text ? dayjs(text) : null);

function toValues(filter: ListFilter, sources: ListSources): Values {
  const values: Values = {
    orderNum: filter.orderNum,
    keyword: filter.keyword,
    status: filter.status,
    urgency: filter.urgency,
    hostUnitId: filter.hostUnitId,
    categoryId: filter.categoryId,
    typeId: filter.typeId ?? [...sources.byDefault],
    isKeyAppeal: filter.isKeyAppeal,
  };
  for (const r of RANGES) {
    const from = filter[`${r}From`];
    const to = filter[`${r}To`];
    values[r] = from || to ? [day(from), day(to)] : null;
  }
  return values;
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

function toPatch(values: Values, sources: ListSources): Partial<ListFilter> {
  const types = values.typeId ?? [];
  const patch: Partial<ListFilter> = {
    orderNum: values.orderNum?.trim() || undefined,
    keyword: values.keyword?.trim() || undefined,
    status: values.status?.length ? values.status : undefined,
    urgency: values.urgency?.length ? values.urgency : undefined,
    hostUnitId: values.hostUnitId ?? undefined,
    categoryId: values.categoryId ?? undefined,
    // the list's default sources are left to the server (and out of the URL)
    typeId: types.length === 0 || sameSet(types, sources.byDefault) ? undefined : types,
    isKeyAppeal: values.isKeyAppeal ?? undefined,
  };
  for (const r of RANGES) {
    const [from, to] = values[r] ?? [null, null];
    patch[`${r}From` as DateField] = from ? from.format('YYYY-MM-DD') : undefined;
    patch[`${r}To` as DateField] = to ? to.format('YYYY-MM-DD') : undefined;
  }
  return patch;
}

function hasMoreFilters(f: ListFilter): boolean {
  return Boolean(
    f.hostUnitId ||
    f.categoryId ||
    f.typeId ||
    f.isKeyAppeal !== undefined ||
    RANGES.some((r) => f[`${r}From`] || f[`${r}To`]),
  );
}

/** The filter bar; what it submits goes to the URL (the page re-reads the list from there). */
export function FilterBar({
  filter,
  sources,
  statuses,
  hostUnits,
  categories,
  onSearch,
  onReset,
  extra,
}: FilterBarProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [more, setMore] = useState(() => hasMoreFilters(filter));
  const en = i18n.language.startsWith('en');
  // On a phone (below `sm`) status and urgency fold under 更多条件 too, unless set: four
  // stacked fields pushed the list half a screen down.
  const phone = Grid.useBreakpoint().sm === false;
  const folded = (set: readonly unknown[] = []) => phone && !more && set.length === 0;
  useEffect(() => form.setFieldsValue(toValues(filter, sources)), [form, filter, sources]);

  const submit = (values: Values) => {
    const patch = toPatch(values, sources);
    const problem = dateRangeProblem(patch);
    if (problem) {
      form.setFields([
        {
          name: problem.replace('From', '') as (typeof RANGES)[number],
          errors: [t('workOrders.filter.dateOrder')],
        },
      ]);
      return;
    }
    onSearch(patch);
  };
  const keywordRule = {
    validator: (_: unknown, v: string | undefined) => {
      const p = keywordProblem(v ?? '');
      return p
        ? Promise.reject(
            new Error(t(`workOrders.filter.keyword${p === 'short' ? 'Short' : 'Long'}`)),
          )
        : Promise.resolve();
    },
  };
  const range = (name: (typeof RANGES)[number]) => (
    <Form.Item name={name} hidden={!more} label={t(`workOrders.filter.${name}`)}>
      <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
    </Form.Item>
  );
  return (
    <Form<Values>
      form={form}
      layout="inline"
      className="hl-filter-bar"
      data-testid="order-filter"
      onFinish={submit}
      initialValues={toValues(filter, sources)}
    >
      <Form.Item name="orderNum" label={t('workOrders.filter.orderNum')}>
        <Input allowClear maxLength={64} className="hl-filter-input" />
      </Form.Item>
      <Form.Item name="keyword" label={t('workOrders.filter.keyword')} rules={[keywordRule]}>
        <Input
          allowClear
          placeholder={t('workOrders.filter.keywordHint')}
          className="hl-filter-input"
        />
      </Form.Item>
      {/* a queue of one status has nothing to choose; another offers only its own */}
      <Form.Item
        name="status"
        hidden={folded(filter.status) || (statuses?.length === 1 && !filter.status)}
        label={t('workOrders.filter.status')}
      >
        <Select
          mode="multiple"
          allowClear
          style={{ width: 200 }}
          maxTagCount="responsive"
          options={Object.entries(STATUS_NAMES)
            .filter(([code]) => !statuses || statuses.includes(Number(code)))
            .map(([code, n]) => ({ value: Number(code), label: en ? n.en : n.zh }))}
        />
      </Form.Item>
      <Form.Item
        name="urgency"
        hidden={folded(filter.urgency)}
        label={t('workOrders.filter.urgency')}
      >
        <Select
          mode="multiple"
          allowClear
          style={{ width: 200 }}
          maxTagCount="responsive"
          options={URGENCIES.map((u) => ({ value: u, label: t(`workOrders.urgency.${u}`) }))}
        />
      </Form.Item>
      <Form.Item name="hostUnitId" hidden={!more} label={t('workOrders.filter.hostUnit')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeData={hostUnits}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="categoryId" hidden={!more} label={t('workOrders.filter.category')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeData={categories}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="typeId" hidden={!more} label={t('workOrders.filter.typeId')}>
        <Select
          mode="multiple"
          maxTagCount="responsive"
          style={{ width: 200 }}
          options={sources.allowed.map((id) => ({ value: id, label: t(typeText(id)) }))}
        />
      </Form.Item>
      <Form.Item name="isKeyAppeal" hidden={!more} label={t('workOrders.filter.keyAppeal')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={[
            { value: 1, label: t('workOrders.filter.keyAppealOnly') },
            { value: 0, label: t('workOrders.filter.keyAppealNone') },
          ]}
        />
      </Form.Item>
      {range('callTime')}
      {range('dispatchTime')}
      {range('deadline')}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="filter-search">
            {t('workOrders.filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('workOrders.filter.reset')}
          </Button>
          {extra}
          <Button type="link" onClick={() => setMore(!more)}>
            {more ? t('workOrders.filter.less') : t('workOrders.filter.more')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
