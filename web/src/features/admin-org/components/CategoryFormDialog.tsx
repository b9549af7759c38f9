import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryCreateBody, categoryUpdateBody } from '@hotline/contract';
import { categoryApi, type AdminCategory } from '../api';
import { useDialogForm } from '../hooks/use-dialog-form';
import { OrgFormModal } from './OrgFormModal';

/** Add a category (level 1 at the top, else one level below its parent) or edit one. */
export type CategoryDialogMode =
  { type: 'create'; parent: AdminCategory | null } | { type: 'edit'; category: AdminCategory };

interface Values {
  name?: string;
  code?: string;
  sort?: number | null;
}

export interface CategoryFormDialogProps {
  mode: CategoryDialogMode | null;
  onDone: (category: AdminCategory, mode: CategoryDialogMode) => void;
  onClose: () => void;
}

export function CategoryFormDialog({ mode, onDone, onClose }: CategoryFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const labels = {
    name: t('adminOrg.categories.name'),
    code: t('adminOrg.categories.code'),
    sort: t('adminOrg.common.sort'),
  };
  const dialog = useDialogForm(labels);
  const initial: Values =
    mode?.type === 'edit' ? { name: mode.category.name, sort: mode.category.sort } : { sort: 0 };

  const save = async () => {
    if (!mode) return;
    const v = form.getFieldsValue();
    const sort = v.sort ?? undefined;
    let saved: AdminCategory | null;
    if (mode.type === 'create') {
      const code = v.code?.trim() ? v.code.trim() : undefined;
      const body = { name: v.name ?? '', parentId: mode.parent?.id ?? null, code, sort };
      saved = await dialog.submit(form, categoryCreateBody, body, () => categoryApi.create(body));
    } else {
      const body = { id: mode.category.id, name: v.name ?? '', sort };
      saved = await dialog.submit(form, categoryUpdateBody, body, () => categoryApi.update(body));
    }
    if (saved) onDone(saved, mode);
  };

  const title =
    mode?.type === 'edit'
      ? t('adminOrg.categories.editTitle')
      : mode?.parent
        ? t('adminOrg.categories.createUnder', { parent: mode.parent.name })
        : t('adminOrg.categories.createTitle');

  return (
    <OrgFormModal
      open={mode !== null}
      title={title}
      name="category-form"
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
        <Form.Item name="code" label={labels.code} extra={t('adminOrg.categories.codeHint')}>
          <Input maxLength={32} />
        </Form.Item>
      ) : null}
      <Form.Item name="sort" label={labels.sort}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </OrgFormModal>
  );
}
