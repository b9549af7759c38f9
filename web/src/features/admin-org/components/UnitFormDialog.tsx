import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitCreateBody, unitUpdateBody } from '@hotline/contract';
import type { UnitKind } from '@hotline/domain';
import { unitApi, type AdminUnit } from '../api';
import { useDialogForm } from '../hooks/use-dialog-form';
import { OrgFormModal } from './OrgFormModal';
import { childKinds } from '../tree';

/** Add a unit (at the top or under a parent) or edit one: name, kind, code, order. */
export type UnitDialogMode =
  { type: 'create'; parent: AdminUnit | null } | { type: 'edit'; unit: AdminUnit };

interface Values {
  name?: string;
  kind?: UnitKind;
  code?: string;
  sort?: number | null;
}

export interface UnitFormDialogProps {
  mode: UnitDialogMode | null;
  onDone: (unit: AdminUnit, mode: UnitDialogMode) => void;
  onClose: () => void;
}

export function UnitFormDialog({ mode, onDone, onClose }: UnitFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const labels = {
    name: t('adminOrg.units.name'),
    kind: t('adminOrg.units.kind'),
    code: t('adminOrg.units.code'),
    sort: t('adminOrg.common.sort'),
  };
  const dialog = useDialogForm(labels);
  const kinds = mode?.type === 'create' ? childKinds(mode.parent?.kind ?? null) : [];

  const initial: Values =
    mode?.type === 'edit'
      ? { name: mode.unit.name, code: mode.unit.code, sort: mode.unit.sort }
      : { kind: kinds.length === 1 ? kinds[0] : undefined, sort: 0 };

  const save = async () => {
    if (!mode) return;
    const v = form.getFieldsValue();
    const code = v.code?.trim() ? v.code.trim() : undefined;
    const sort = v.sort ?? undefined;
    let saved: AdminUnit | null;
    if (mode.type === 'create') {
      const body = {
        name: v.name ?? '',
        kind: v.kind,
        parentId: mode.parent?.id ?? null,
        code,
        sort,
      };
      saved = await dialog.submit(form, unitCreateBody, body, () =>
        unitApi.create({ ...body, kind: body.kind as UnitKind }),
      );
    } else {
      const body = { id: mode.unit.id, name: v.name ?? '', code, sort };
      saved = await dialog.submit(form, unitUpdateBody, body, () => unitApi.update(body));
    }
    if (saved) onDone(saved, mode);
  };

  const title =
    mode?.type === 'edit'
      ? t('adminOrg.units.editTitle')
      : mode?.parent
        ? t('adminOrg.units.createUnder', { parent: mode.parent.name })
        : t('adminOrg.units.createTitle');

  return (
    <OrgFormModal
      open={mode !== null}
      title={title}
      name="unit-form"
      form={form}
      initial={initial}
      dialog={dialog}
      onSave={() => void save()}
      onClose={onClose}
    >
      <Form.Item name="name" label={labels.name} required>
        <Input maxLength={64} autoFocus />
      </Form.Item>
      {mode?.type === 'create' ? (
        <Form.Item name="kind" label={labels.kind} required>
          <Select
            aria-label={labels.kind}
            options={kinds.map((k) => ({ value: k, label: t(`adminOrg.units.kinds.${k}`) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="code"
        label={labels.code}
        extra={mode?.type === 'create' ? t('adminOrg.units.codeHint') : undefined}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="sort" label={labels.sort}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </OrgFormModal>
  );
}
