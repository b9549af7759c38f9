import { useMemo } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PhraseTextArea } from '../../phrases';
import { ORDER_NATURES, SEVEN_FIVE_VALUES, URGENCIES, sevenFiveName } from '@hotline/domain';
import type { UnitTreeNode } from '@hotline/contract';
import { useDomainLang } from '../../../i18n';
// the intake form's trees (the same server lists, the same choosable levels)
import { categoryTree, gridTree, gridTreeQuery, intakeCategoryQuery } from '../../intake';
import { EDIT_FIELDS_DISTRICT, EDIT_FIELDS_HOST } from '../action-rules';

const LABELS = {
  title: 'orderDetail.form.editTitle',
  majorContent: 'orderDetail.form.editContent',
  address: 'orderDetail.form.editAddress',
  callerName: 'orderDetail.form.editCallerName',
  callerPhone: 'orderDetail.form.editCallerPhone',
  categoryId: 'orderDetail.form.editCategory',
  urgency: 'orderDetail.form.editUrgency',
  orderNature: 'orderDetail.form.editNature',
  communityUnitId: 'orderDetail.form.editCommunity',
} as const;
const MAX = { title: 200, majorContent: 5000, address: 200, callerName: 50, callerPhone: 30 };

type Field = keyof typeof LABELS;

/** The order's host unit's communities and villages (the only ones the server accepts). */
function hostCommunities(nodes: UnitTreeNode[], hostUnitId: number | null): UnitTreeNode[] {
  if (hostUnitId === null) return nodes;
  const walk = (list: UnitTreeNode[]): UnitTreeNode[] | null => {
    for (const node of list) {
      if (node.id === hostUnitId) return node.children;
      const found = walk(node.children);
      if (found) return found;
    }
    return null;
  };
  return walk(nodes) ?? [];
}

function CategorySelect(props: { value?: number; onChange?: (v: number) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery(intakeCategoryQuery);
  const treeData = useMemo(() => (data ? categoryTree(data.list) : []), [data]);
  return (
    <TreeSelect
      {...props}
      showSearch
      treeNodeFilterProp="title"
      loading={isLoading}
      treeData={treeData}
      placeholder={t('orderDetail.form.choose')}
      data-testid="field-categoryId"
    />
  );
}

function CommunitySelect(props: {
  hostUnitId: number | null;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const { t } = useTranslation();
  const { hostUnitId, ...rest } = props;
  const { data, isLoading } = useQuery(gridTreeQuery);
  const treeData = useMemo(
    () => (data ? gridTree(hostCommunities(data.list, hostUnitId)) : []),
    [data, hostUnitId],
  );
  return (
    <TreeSelect
      {...rest}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={isLoading}
      treeData={treeData}
      placeholder={t('orderDetail.form.choose')}
      data-testid="field-communityUnitId"
    />
  );
}

/**
 * Corrections: the district edits the case (texts, category, urgency, nature, caller); a host
 * its address and community. Only changed fields are sent (action-rules `changedFields`).
 */
export function EditFields({ host, hostUnitId }: { host: boolean; hostUnitId: number | null }) {
  const { t } = useTranslation();
  const fields: readonly Field[] = host ? EDIT_FIELDS_HOST : EDIT_FIELDS_DISTRICT;
  const input = (field: Field) => {
    switch (field) {
      case 'majorContent':
        return <Input.TextArea rows={4} maxLength={MAX[field]} data-testid={`field-${field}`} />;
      case 'categoryId':
        return <CategorySelect />;
      case 'communityUnitId':
        return <CommunitySelect hostUnitId={hostUnitId} />;
      case 'urgency':
        return (
          <Select
            data-testid="field-urgency"
            options={URGENCIES.map((u) => ({
              value: u,
              label: t(`orderDetail.values.urgency.${u}`),
            }))}
          />
        );
      case 'orderNature':
        return <NatureSelect />;
      default:
        return <Input maxLength={MAX[field]} data-testid={`field-${field}`} />;
    }
  };
  return (
    <>
      {fields.map((field) => (
        <Form.Item key={field} name={field} label={t(LABELS[field])}>
          {input(field)}
        </Form.Item>
      ))}
    </>
  );
}

function NatureSelect(props: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      data-testid="field-orderNature"
      options={ORDER_NATURES.map((n) => ({ value: n, label: t(`orderDetail.values.nature.${n}`) }))}
    />
  );
}

/** The order's remarks (may be emptied). */
export function RemarksFields() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remarks" label={t('orderDetail.form.editRemarks')}>
      <PhraseTextArea
        category="any"
        rows={4}
        maxLength={2000}
        showCount
        data-testid="field-remarks"
      />
    </Form.Item>
  );
}

export const RISK_LEVELS = [0, 1, 2, 3] as const;

/** The attributes (district): labels, seven-haves/five-natures category, risk level, nature. */
export function AttributeFields() {
  const { t } = useTranslation();
  const lang = useDomainLang();
  return (
    <>
      <Form.Item name="labels" label={t('orderDetail.form.editLabels')}>
        <Select mode="tags" tokenSeparators={[',', '，']} data-testid="field-labels" />
      </Form.Item>
      <Form.Item name="sevenFiveCategory" label={t('orderDetail.form.editSevenFive')}>
        <Select
          allowClear
          showSearch
          data-testid="field-sevenFiveCategory"
          options={SEVEN_FIVE_VALUES.map((v) => ({ value: v, label: sevenFiveName(v, lang) }))}
        />
      </Form.Item>
      <Form.Item name="riskLevel" label={t('orderDetail.form.editRisk')}>
        <Select
          data-testid="field-riskLevel"
          options={RISK_LEVELS.map((r) => ({
            value: r,
            label: t(`orderDetail.values.risk.${r}`, String(r)),
          }))}
        />
      </Form.Item>
      <Form.Item name="orderNature" label={t('orderDetail.form.editNature')}>
        <NatureSelect />
      </Form.Item>
    </>
  );
}
