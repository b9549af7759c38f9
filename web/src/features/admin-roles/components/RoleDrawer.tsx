import { Alert, Button, Drawer, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { authSetBody, authUpdateBody } from '@hotline/contract';
import { useDialogForm } from '../../admin-org';
import { roleApi, type Role } from '../api';
import { PermissionPicker } from './PermissionPicker';

/** Create a role, edit a custom one, or look at a built-in one (read-only). */
export type RoleDrawerMode = { type: 'create' } | { type: 'edit'; role: Role };

interface Values {
  name?: string;
  title?: string;
  rules?: string[];
}

export interface RoleDrawerProps {
  mode: RoleDrawerMode | null;
  onDone: (role: Role, mode: RoleDrawerMode) => void;
  onClose: () => void;
}

export function RoleDrawer({ mode, onDone, onClose }: RoleDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const labels = {
    name: t('adminOrg.roles.name'),
    title: t('adminOrg.roles.roleTitle'),
    rules: t('adminOrg.roles.permissions'),
  };
  const dialog = useDialogForm(labels);
  const role = mode?.type === 'edit' ? mode.role : null;
  const readOnly = role?.builtin ?? false;
  const initial: Values = role ? { title: role.title, rules: role.rules } : { rules: [] };

  const save = async () => {
    if (!mode || readOnly) return;
    const v = form.getFieldsValue();
    const rules = v.rules ?? [];
    let saved: Role | null;
    if (mode.type === 'create') {
      const body = { name: v.name?.trim() ?? '', title: v.title ?? '', rules };
      saved = await dialog.submit(form, authSetBody, body, () => roleApi.create(body));
    } else {
      const body = { id: mode.role.id, title: v.title ?? '', rules };
      saved = await dialog.submit(form, authUpdateBody, body, () => roleApi.update(body));
    }
    if (saved) onDone(saved, mode);
  };

  const title = !mode
    ? ''
    : mode.type === 'create'
      ? t('adminOrg.roles.createTitle')
      : readOnly
        ? t('adminOrg.roles.viewTitle', { title: mode.role.title })
        : t('adminOrg.roles.editTitle', { title: mode.role.title });

  return (
    <Drawer
      open={mode !== null}
      title={title}
      onClose={onClose}
      size="min(640px, 100vw)"
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) dialog.clearRefusal();
      }}
      data-testid="role-drawer"
      footer={
        readOnly ? (
          <Button onClick={onClose}>{t('adminOrg.common.ok')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('adminOrg.common.cancel')}</Button>
            <Button type="primary" loading={dialog.busy} onClick={() => void save()}>
              {t('adminOrg.common.save')}
            </Button>
          </Space>
        )
      }
    >
      <Form form={form} layout="vertical" name="role-form" initialValues={initial} preserve={false}>
        {readOnly ? (
          <Alert
            type="info"
            showIcon
            title={t('adminOrg.roles.builtinReadOnly')}
            className="hl-roles-hint"
          />
        ) : null}
        {dialog.refusal ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={dialog.refusal}
            className="hl-roles-refusal"
          />
        ) : null}
        {mode?.type === 'create' ? (
          <Form.Item name="name" label={labels.name} extra={t('adminOrg.roles.nameHint')} required>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item label={labels.name}>
            <Input value={role?.name} disabled aria-label={labels.name} />
          </Form.Item>
        )}
        <Form.Item name="title" label={labels.title} required={!readOnly}>
          <Input maxLength={64} disabled={readOnly} />
        </Form.Item>
        <Form.Item name="rules" label={labels.rules} extra={t('adminOrg.roles.permissionsHint')}>
          <PermissionPicker readOnly={readOnly} label={labels.rules} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
