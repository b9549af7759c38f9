import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PhraseTextArea } from '../../phrases';
import { fetchHostTree, type HostUnit } from '../api';

export const HOST_TREE_KEY = ['order-actions', 'host-tree'] as const;

function flatten(units: HostUnit[]): HostUnit[] {
  return units.flatMap((u) => [u, ...flatten(u.children)]);
}

/** The kind (street, town, department) of a unit of the host tree, for auto-jump. */
export function useHostKind(): (id: unknown) => string | null {
  const { data } = useQuery({
    queryKey: HOST_TREE_KEY,
    queryFn: fetchHostTree,
    staleTime: 600_000,
  });
  return (id) => {
    const all = flatten((data?.list ?? []).flatMap((g) => g.children));
    return all.find((u) => u.id === id)?.kind ?? null;
  };
}

/** Dispatch: the host unit (required), co-hosts, a comment. Units grouped street / town / department. */
export function DispatchFields() {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: HOST_TREE_KEY,
    queryFn: fetchHostTree,
    staleTime: 600_000,
  });
  const options = (data?.list ?? []).map((group) => ({
    label: group.name,
    title: group.kind,
    options: flatten(group.children).map((u) => ({ value: u.id, label: u.name })),
  }));
  return (
    <>
      <Form.Item name="hostUnitId" label={t('orderDetail.form.host')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={isLoading}
          options={options}
          placeholder={t('orderDetail.form.choose')}
          data-testid="field-hostUnitId"
        />
      </Form.Item>
      <Form.Item name="coHostUnitIds" label={t('orderDetail.form.coHosts')}>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          placeholder={t('orderDetail.form.choose')}
          data-testid="field-coHostUnitIds"
        />
      </Form.Item>
      <Form.Item name="comment" label={t('orderDetail.form.commentOptional')}>
        <PhraseTextArea category="any" rows={2} maxLength={2000} data-testid="field-comment" />
      </Form.Item>
    </>
  );
}
